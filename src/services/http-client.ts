// zod/mini: the first page reads its start-up calls without zod classic (issue 12); any zod
// schema, classic or mini, reads a reply.
import * as z from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import { envelopeOf, failureDetailSchema } from '../contract/envelope.ts';
import type { ErrorCode, FailureDetail } from '../contract/envelope.ts';

/** Codes the client itself gives when no server answer could be read. */
export type ClientErrorCode = 'network_error' | 'invalid_response' | 'timeout';

export type ApiErrorKind = 'server' | 'network' | 'invalidResponse';

/**
 * A failed call. `kind` says whether the server answered (`server`, with its stable `code` and
 * its message already translated into the request's language), could not be reached
 * (`network`), or answered with something that is not our envelope (`invalidResponse`).
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** The server's stable code (see contract errorCodes), or a client code. */
  readonly code: ErrorCode | ClientErrorCode | (string & {});
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** What the server added to its failure (captcha needed, tries left, lock end). */
  detail: FailureDetail = {};

  constructor(
    kind: ApiErrorKind,
    code: ApiError['code'],
    message: string,
    status: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.status = status;
  }
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export type RequestOptions = {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
};

export type HttpClientOptions = {
  /** Prefix of every path; '' in the browser (same origin). */
  baseUrl?: string;
  getToken: () => string | null;
  getLanguage: () => string;
  /** Texts for failures the server could not describe (no answer, unreadable answer). */
  describe?: (code: ClientErrorCode) => string;
  fetch?: typeof fetch;
  /**
   * Sees every failure the server answered, before the caller does (the app opens the forced
   * password change on `password_change_required`, whichever call met it).
   */
  onServerError?: (error: ApiError) => void;
};

export type HttpClient = {
  get<S extends $ZodType>(path: string, schema: S, options?: RequestOptions): Promise<output<S>>;
  post<S extends $ZodType>(path: string, schema: S, options?: RequestOptions): Promise<output<S>>;
  put<S extends $ZodType>(path: string, schema: S, options?: RequestOptions): Promise<output<S>>;
  delete<S extends $ZodType>(path: string, schema: S, options?: RequestOptions): Promise<output<S>>;
};

const defaultDescriptions: Record<ClientErrorCode, string> = {
  network_error: 'Network link abnormal, please retry',
  invalid_response: 'System error, please retry',
  timeout: 'The page took too long to load, check your network',
};

/**
 * The one HTTP client of the app: sends the session token and the current language, reads the
 * `{ success, value, message, code }` envelope with the contract's schema, and turns every
 * failure into an {@link ApiError}.
 *
 * @example
 * const http = createHttpClient({ getToken: storage.getToken, getLanguage: () => i18n.language });
 * const status = await http.get(systemPaths.status, systemStatusSchema);
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl ?? '';
  const describe = options.describe ?? ((code: ClientErrorCode) => defaultDescriptions[code]);
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function request<S extends $ZodType>(
    method: string,
    path: string,
    schema: S,
    { query, body, signal }: RequestOptions = {},
  ): Promise<output<S>> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': options.getLanguage(),
    };
    const token = options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    // A form (file uploads) goes as multipart; the browser writes its content type and boundary.
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await doFetch(baseUrl + path + queryString(query), {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        signal,
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ApiError('network', 'network_error', describe('network_error'), 0, { cause });
    }

    let json: unknown;
    try {
      json = await response.json();
    } catch (cause) {
      throw new ApiError(
        'invalidResponse',
        'invalid_response',
        describe('invalid_response'),
        response.status,
        { cause },
      );
    }

    const envelope = z.safeParse(envelopeOf(z.unknown()), json);
    if (!envelope.success) {
      throw new ApiError(
        'invalidResponse',
        'invalid_response',
        describe('invalid_response'),
        response.status,
        { cause: envelope.error },
      );
    }
    if (!envelope.data.success || !response.ok) {
      const error = new ApiError(
        'server',
        envelope.data.code ?? 'system_error',
        envelope.data.message ?? describe('invalid_response'),
        response.status,
      );
      const detail = failureDetailSchema.safeParse((json as { detail?: unknown }).detail);
      if (detail.success) error.detail = detail.data;
      options.onServerError?.(error);
      throw error;
    }
    const value = z.safeParse(schema, envelope.data.value);
    if (!value.success) {
      throw new ApiError(
        'invalidResponse',
        'invalid_response',
        describe('invalid_response'),
        response.status,
        { cause: value.error },
      );
    }
    return value.data;
  }

  return {
    get: (path, schema, opts) => request('GET', path, schema, opts),
    post: (path, schema, opts) => request('POST', path, schema, opts),
    put: (path, schema, opts) => request('PUT', path, schema, opts),
    delete: (path, schema, opts) => request('DELETE', path, schema, opts),
  };
}

function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
