import { useMutation } from '@tanstack/react-query';
import type { CreateGame, GameInfo } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/** POST /challenge/games: a student's challenge from their subject's question bank; answers its code. */
export const createGame = (input: CreateGame) => api.post<GameInfo>('/challenge/games', input);

export const useCreateGame = () => useMutation({ mutationFn: createGame });
