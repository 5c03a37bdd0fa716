/**
 * The one way the app talks to the server (docs/product.md §15–§16): fetch under /api/v1, JSON both ways, a 10 s
 * timeout, the stored bearer token unless a call is marked `noAuth`, and the docs/product.md §16 error behaviour:
 *
 * - HTTP 500, 502, no answer or a timeout: the info dialog 'Something went wrong, please contact admin';
 * - 401 with errorCode N403: the session is cleared and the browser goes to / (not for a read that a page still
 *   makes as it is left after Log out: that one fails quietly);
 * - any other error: a dialog titled 'Error!' with the answer's `message`, else `errors.message`.
 *
 * Every failure is also thrown as an `ApiError`, so a form can show field errors beside its inputs. A caller that
 * handles an error itself in full passes `handled` to keep the dialog away.
 */
import { showErrorDialog, showSomethingWentWrong, SOMETHING_WENT_WRONG } from '@/lib/error-dialog-store';
import { toast } from '@/lib/toast-store';
import { LOGIN_TO_CONTINUE } from '@/lib/route-guard';
import { clearSession, getValidToken, lastSessionEnd } from '@/lib/session';
import type { Envelope, ErrorBody, PageMeta } from '@/types/api';

export const API_BASE = '/api/v1';
export const REQUEST_TIMEOUT_MS = 10_000;
export { LOGIN_TO_CONTINUE };

export class ApiError extends Error {
  readonly status: number;
  readonly errorCode?: string;
  readonly errors?: ErrorBody['errors'];
  readonly data?: unknown;
  constructor(status: number, message: string, body: ErrorBody = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errorCode = body.errorCode;
    this.errors = body.errors;
    this.data = body.data;
  }

  /** The first error for a field, for showing it beside the input. */
  fieldError(field: string): string | undefined {
    const value = this.errors?.[field];
    return Array.isArray(value) ? value[0] : value;
  }
}

/** Status 0: no answer at all (network down, timeout). */
export const NO_RESPONSE = 0;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send no Authorization header (login, sign-up, OTPs, password reset). */
  noAuth?: boolean;
  /** React Query's cancel signal. */
  signal?: AbortSignal;
  /** Return true when the caller shows this error itself, so no global dialog opens. */
  handled?: (error: ApiError) => boolean;
  timeoutMs?: number;
};

/** Where the client sends the browser on an invalid session; the app swaps in the router's navigate. */
let navigateTo: (path: string) => void = (path) => window.location.assign(path);
export function setApiNavigator(navigate: (path: string) => void) {
  navigateTo = navigate;
}

/** docs/product.md §16 "Other errors": the response message, else errors.message. */
export function errorMessageOf(body: ErrorBody | null | undefined): string | undefined {
  if (!body) return undefined;
  if (typeof body.message === 'string' && body.message.trim()) return body.message;
  const nested = body.errors?.message;
  const text = Array.isArray(nested) ? nested[0] : nested;
  return typeof text === 'string' && text.trim() ? text : undefined;
}

export type ErrorReaction = 'something-went-wrong' | 'session-expired' | 'error-dialog';

/** docs/product.md §16 as a pure decision. */
export function reactionTo(status: number, body: ErrorBody | null): ErrorReaction {
  if (status === NO_RESPONSE || status === 500 || status === 502) return 'something-went-wrong';
  if (status === 401 && body?.errorCode === 'N403') return 'session-expired';
  return 'error-dialog';
}

function react(error: ApiError, body: ErrorBody | null) {
  switch (reactionTo(error.status, body)) {
    case 'something-went-wrong':
      showSomethingWentWrong();
      break;
    case 'session-expired':
      clearSession('expired');
      toast.error(LOGIN_TO_CONTINUE);
      navigateTo('/');
      break;
    case 'error-dialog':
      showErrorDialog(error.message);
      break;
  }
}

function isAbort(error: unknown) {
  return error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/**
 * Sends one request with docs/product.md §15–§16's rules and answers the Response of a 2xx; every failure goes through
 * the docs/product.md §16 reaction (unless `handled`) and is thrown as an `ApiError`.
 */
async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const { method = 'GET', body, noAuth = false, signal, handled, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const fail = (error: ApiError, errorBody: ErrorBody | null): never => {
    if (!handled?.(error)) react(error, errorBody);
    throw error;
  };

  const headers: Record<string, string> = { Accept: accept };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (!noAuth) {
    const token = getValidToken();
    if (!token) {
      const error = new ApiError(401, LOGIN_TO_CONTINUE, { errorCode: 'N403' });
      // Just logged out: the page being left may still refetch what it shows (its queries are removed while it is
      // mounted). Those reads fail quietly, because the logout has already sent the browser where it belongs (an
      // admin to /boss), and 'Please login to continue' with a trip to / would undo that.
      if (method === 'GET' && lastSessionEnd() === 'logout') throw error;
      // docs/product.md §15: with no valid token the browser goes to / (no point asking the server).
      return fail(error, { errorCode: 'N403' });
    }
    headers.Authorization = `Bearer ${token}`;
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const onOuterAbort = () => controller.abort();
  signal?.addEventListener('abort', onOuterAbort);

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (cause) {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onOuterAbort);
    // Cancelled by the caller (a page left, a query replaced): nothing to tell the player.
    if (signal?.aborted) throw cause;
    if (!isAbort(cause) && !(cause instanceof TypeError)) throw cause;
    return fail(new ApiError(NO_RESPONSE, SOMETHING_WENT_WRONG), null);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onOuterAbort);
  }

  if (!response.ok) {
    const errorBody = parseJson(await response.text().catch(() => '')) as ErrorBody | null;
    const message = errorMessageOf(errorBody) ?? SOMETHING_WENT_WRONG;
    return fail(new ApiError(response.status, message, errorBody ?? {}), errorBody);
  }
  return response;
}

/** A JSON object, or null for an empty or unreadable body. */
function parseJson(text: string): object | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

export async function apiRequest<T, M = PageMeta>(path: string, options: RequestOptions = {}): Promise<Envelope<T, M>> {
  const response = await send(path, options, 'application/json');
  const parsed = parseJson(await response.text().catch(() => ''));
  return (parsed ?? { data: null }) as Envelope<T, M>;
}

/** `attachment; filename="ayo.csv"` (or RFC 5987's `filename*=UTF-8''ayo.csv`) → `ayo.csv`. */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = (plain?.[2] ?? plain?.[1] ?? '').trim();
  return name || fallback;
}

export type Download = { blob: Blob; filename: string };

/**
 * A file the server makes (a CSV export), with the bearer token, the timeout and docs/product.md §16 errors like any
 * call.
 */
export async function apiDownload(
  path: string,
  fallbackName: string,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<Download> {
  const response = await send(path, { ...options, method: 'GET' }, '*/*');
  const blob = await response.blob();
  return { blob, filename: filenameFromDisposition(response.headers.get('Content-Disposition'), fallbackName) };
}

export const api = {
  get: <T, M = PageMeta>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T, M>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
};
