import { useMutation } from '@tanstack/react-query';
import type { SignUpDone } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/**
 * POST /sign-up/verify: the code from the parent's phone. The child's account is made, and the child
 * is signed in on this device (the answer sets the session cookie).
 */
export const verifySignUp = (challengeId: string, code: string) =>
  api.post<SignUpDone>('/sign-up/verify', { challengeId, code });

export const useVerifySignUp = () =>
  useMutation({
    mutationFn: ({ challengeId, code }: { challengeId: string; code: string }) => verifySignUp(challengeId, code),
  });
