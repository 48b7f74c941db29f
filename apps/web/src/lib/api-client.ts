import i18next from 'i18next';
import type { ErrorBody, ErrorCode } from '@ki/contracts';

/** A failed API call: the server's stable code, or NETWORK when the server could not be reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const errorListeners = new Set<(error: ApiError) => void>();

/**
 * Calls `listener` with every refusal the server answers, whichever screen asked: the app reacts to
 * those that concern it all (PLAN_REQUIRED: a student's plan ended mid-session). Returns the unsubscribe.
 */
export function onApiError(listener: (error: ApiError) => void): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

type Query = Record<string, string | number | boolean | undefined | null>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null) params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * JSON over fetch with the session cookie; every non-2xx answer becomes an ApiError. A FormData body
 * goes as multipart (the browser writes its content-type and boundary), for uploads.
 */
export async function apiRequest<T>(
  method: string,
  path: string,
  options: { query?: Query; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const isForm = options.body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(withQuery(`/api/v1${path}`, options.query), {
      method,
      credentials: 'same-origin',
      // The server names subjects, chapters and topics in the language of the screens.
      headers: {
        accept: 'application/json',
        'accept-language': i18next.resolvedLanguage ?? 'en',
        ...(options.body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? null : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'Could not connect to server.');
  }
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    const body = data as Partial<ErrorBody> | undefined;
    const error = new ApiError(
      response.status,
      body?.code ?? 'INTERNAL',
      body?.message ?? response.statusText,
      body?.details,
    );
    for (const listener of errorListeners) listener(error);
    throw error;
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) =>
    apiRequest<T>('GET', path, { query, ...(signal ? { signal } : {}) }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, { body }),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};
