import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * A student's answer kept on the device, so the page opens offline after a reload
       * (lib/saved-answers.ts). Only answers about the signed-in student themselves.
       */
      saveOnDevice?: boolean;
      /** When an answer the feature keeps itself (subject progress) was saved, for the offline notice. */
      savedAt?: (data: unknown) => number | undefined;
    };
  }
}

// TanStack Query assumes it starts online and learns of changes from the online/offline events
// only: a reload made offline then tried (and failed) every request, and the `online` event changed
// nothing, so nothing was asked for again when the network came back. It starts from the browser's
// own answer instead; unanswerable requests then wait for the network rather than fail.
onlineManager.setOnline(navigator.onLine);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      // A 4xx will not change by asking again; network failures and 5xx get two more tries.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});
