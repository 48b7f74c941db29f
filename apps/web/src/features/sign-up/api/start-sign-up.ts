import { useMutation } from '@tanstack/react-query';
import type { SignUpBody, SignUpStarted } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/**
 * POST /sign-up: the family's details and the parent's agreement; a code goes to the parent's
 * mobile. Sending the same details again is how a new code is asked for.
 */
export const startSignUp = (body: SignUpBody) => api.post<SignUpStarted>('/sign-up', body);

export const useStartSignUp = () => useMutation({ mutationFn: startSignUp });
