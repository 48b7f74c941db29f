import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { storeAnswer } from '../../../lib/store-answer';
import { assessmentKeys } from './keys';
import type { LoadedAttempt } from './loaded-attempt';

/**
 * Every write to an attempt answers the whole attempt: it replaces the page's copy (dropping a read
 * still on its way, whose older copy would show a viewed question as never opened: "Opening the
 * question…" for good), and the home (open attempt, recent results) is asked for again when next shown.
 */
export function storeAttempt(client: QueryClient, attempt: LoadedAttempt): void {
  storeAnswer(client, assessmentKeys.attempt(attempt.id), attempt);
  void client.invalidateQueries({ queryKey: assessmentKeys.home() });
}

export const useStoreAttempt = () => {
  const client = useQueryClient();
  return (attempt: LoadedAttempt) => storeAttempt(client, attempt);
};

/**
 * Writes to one attempt run one after another, in the order the student made them (TanStack
 * Query's mutation scope): a question's view before its answer, an answer before the submission.
 * Offline they wait (and are sent when the network is back) instead of failing.
 */
export const attemptScope = (attemptId: string) => ({ id: `assessment-attempt-${attemptId}` });

/**
 * A write the server refused for good (the attempt ended meanwhile, a question's answer is final):
 * the page's copy is out of date, so it is read again.
 */
export function refreshAfterRefusal(client: QueryClient, attemptId: string, error: unknown): void {
  if (!isTransient(error)) void client.invalidateQueries({ queryKey: assessmentKeys.attempt(attemptId) });
}

/** The server could not be reached or failed on its side: worth sending again. A 4xx is final. */
export const isTransient = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === 'NETWORK' || error.status >= 500);

/** Retries of a write that did not reach the server: 1, 2, 4, 8 s apart, then the page offers "Send again". */
export const WRITE_RETRIES = 4;
export const writeRetry = (count: number, error: unknown) => isTransient(error) && count < WRITE_RETRIES;
export const writeRetryDelay = (attempt: number) => Math.min(8000, 1000 * 2 ** attempt);
