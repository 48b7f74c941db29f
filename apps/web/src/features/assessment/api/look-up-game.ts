import { useMutation } from '@tanstack/react-query';
import type { GameInfo } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/**
 * GET /challenge/games/:code: the live game a friend's code names, if it is one of the student's
 * class (the join box of the quizzes home). Wrong codes are limited: past the limit any code is
 * refused for a while (RATE_LIMITED with details.retryAfterSeconds).
 */
export const lookUpGame = (code: string) => api.get<GameInfo>(`/challenge/games/${code}`);

/** A look-up the student asks for (Join), not a query kept for the screen. */
export const useLookUpGame = () => useMutation({ mutationFn: lookUpGame });
