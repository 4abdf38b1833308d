/**
 * The one HTTP client both front ends use (spec §7). Free of React so it can be imported from
 * anywhere, and safe to load in Node (no `window` access at import time).
 *
 * - Cookies always go along (`credentials: 'include'`): a signed-in staff member's session is in
 *   httpOnly cookies the server renews itself, so no token is kept in script-readable storage
 *   (a bearer token a browser stored before, under `authToken`, is removed).
 * - A JSON body (and its Content-Type) only when there is a body; FormData passes untouched so
 *   the browser sets the multipart boundary.
 * - Any non-OK status throws `ApiError` with the message "{status}: {body text or status text}",
 *   keeping the parsed error body (`{ success: false, message, code?, errors? }`) for callers
 *   that want to show the server's `message`.
 */
import { QueryClient, type DefaultOptions } from '@tanstack/query-core';
import type { ApiErrorBody, CurrentUserResponse, PublicUser } from './api-types';
import { AUTH_TOKEN_KEY } from './business';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    /** The parsed JSON error body, when the server sent one. */
    readonly body: Partial<ApiErrorBody> | null = null,
  ) {
    super(message);
  }

  /** The server's human sentence (`body.message`), if it sent one. */
  get serverMessage(): string | undefined {
    const message = this.body?.message;
    return typeof message === 'string' && message.trim() ? message : undefined;
  }
}

/** The message to show for a failed call: the server's sentence if any, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}

/**
 * Removes the bearer token older versions kept in localStorage: the session now lives in httpOnly
 * cookies, and a token any script could read must not linger for its remaining days.
 */
export function forgetStoredToken(): void {
  try {
    if (typeof window !== 'undefined') window.localStorage?.removeItem(AUTH_TOKEN_KEY);
  } catch {
    // Storage can throw when blocked (privacy mode, sandboxed frames): then nothing is stored either.
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function apiRequest<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  forgetStoredToken();

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const res = await fetch(path, { method, headers, body: payload, credentials: 'include' });
  const text = await res.text();

  if (!res.ok) {
    const parsed = parseJson(text);
    const errorBody = parsed && typeof parsed === 'object' ? (parsed as Partial<ApiErrorBody>) : null;
    throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, errorBody);
  }
  return (text ? JSON.parse(text) : null) as T;
}

export const getJson = <T>(path: string): Promise<T> => apiRequest<T>('GET', path);
export const postJson = <T>(path: string, body?: unknown): Promise<T> => apiRequest<T>('POST', path, body);
export const putJson = <T>(path: string, body?: unknown): Promise<T> => apiRequest<T>('PUT', path, body);
export const patchJson = <T>(path: string, body?: unknown): Promise<T> => apiRequest<T>('PATCH', path, body);
export const del = <T>(path: string): Promise<T> => apiRequest<T>('DELETE', path);

/** Spec §7 data defaults: no polling, no refetch on focus, never stale, no retries. */
export const QUERY_DEFAULTS = {
  queries: {
    refetchInterval: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    retry: 0,
  },
  mutations: { retry: 0 },
} satisfies DefaultOptions;

export function makeQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: QUERY_DEFAULTS });
}

/** The current user (spec §7): a 401 means "nobody is logged in", not an error. */
export async function readCurrentUser(): Promise<PublicUser | null> {
  try {
    const res = await getJson<CurrentUserResponse>('/api/user');
    return res?.user ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** One cache entry for the current user, shared by the site and the admin remote. */
export const CURRENT_USER_QUERY_KEY = ['/api/user'] as const;
export const currentUserQuery = { queryKey: CURRENT_USER_QUERY_KEY, queryFn: readCurrentUser } as const;

/** The name to greet a user by. */
export function displayNameOf(user: Pick<PublicUser, 'displayName' | 'username'>): string {
  return user.displayName?.trim() || user.username;
}
