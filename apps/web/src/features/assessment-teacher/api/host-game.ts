import { useMutation } from '@tanstack/react-query';
import type { GameInfo } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/**
 * POST /challenge/games with a published quiz: a live game of it for the teacher's class, which the
 * teacher runs without playing; answers the game's code.
 */
export const hostQuizGame = (assessmentId: number) =>
  api.post<GameInfo>('/challenge/games', { source: 'quiz', assessmentId });

export const useHostQuizGame = () => useMutation({ mutationFn: hostQuizGame });
