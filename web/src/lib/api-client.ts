import { ErrorCode } from '#contract/errors';
import type { TCsrfResponse, TErrorResponse } from '#contract/session';

/** An API failure with the server's machine code and a Russian message fit to show. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** A refusal answered as a plain JSON text (SPEC §4 redeem) rather than `{ error, message }`. */
    readonly text?: string,
  ) {
    super(message);
  }
}

const apiErrorTexts = {
  network: 'Нет связи с сервером. Попробуйте еще раз.',
  unexpected: 'Что-то пошло не так. Попробуйте еще раз.',
} as const;

// SPEC §7 uses only GET and POST; the admins' lists (calendars, photo directories) also edit and remove.
type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

const NETWORK_ERROR = 'network_error';

/** «Too many attempts»: the one 4xx that passes by waiting, so it is not a refusal. */
const TOO_MANY = 429;

/** A refusal (4xx): asking again will not change it, unlike a lost connection or a 5xx. */
export const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== TOO_MANY;

/** The server was not reached at all (no network), as opposed to an answer refusing or failing. */
export const isNetworkError = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === NETWORK_ERROR;

/** What to show for a failure: the server's Russian message, or `fallback` for anything else. */
export const errorMessage = (error: unknown, fallback: string = apiErrorTexts.unexpected) =>
  error instanceof ApiError ? error.message : fallback;

/**
 * What checks an answer against the contract: its zod schema, or a check written to agree with it
 * (the first screens' answers, so that their scripts carry no zod).
 */
export type AnswerCheck<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
};

/** A list checked by hand: every item must pass `item` (undefined refuses it), else the whole answer fails. */
export function listCheck<T>(item: (value: unknown) => T | undefined, what: string): AnswerCheck<T[]> {
  return {
    safeParse(value) {
      const items = Array.isArray(value) ? value.map(item) : undefined;
      return items?.every((one) => one !== undefined)
        ? { success: true, data: items as T[] }
        : { success: false, error: new TypeError(`not a list of ${what}`) };
    },
  };
}

type RequestOptions<T> = {
  body?: unknown;
  /** Validates the answer; without it the parsed JSON is returned as is. */
  schema?: AnswerCheck<T>;
};

type SendOptions = { body?: unknown; xsrfToken?: string; ifNoneMatch?: string };

/** An answer together with the ETag that names its version on the server. */
export type Versioned<T> = { data: T; etag: string | undefined };

type ApiClientOptions = {
  /** The messenger's raw init data, or undefined before the app knows who the user is. */
  getInitData: () => string | undefined;
  /** The `Authorization` scheme of the init data: Telegram's `tma` unless told. */
  getScheme?: () => string;
  fetch?: typeof fetch;
  /** A response to this GET already on its way, sent before the app ran (lib/early-gets.ts). */
  takeEarly?: (path: string, initData: string | undefined) => Promise<Response> | undefined;
};

const CSRF_PATH = '/api/csrf';

export function createApiClient({
  getInitData,
  getScheme = () => 'tma',
  fetch: fetchImpl = (...args) => fetch(...args),
  takeEarly,
}: ApiClientOptions) {
  let csrfToken: Promise<string> | undefined;

  function headersFor({ body, xsrfToken, ifNoneMatch }: SendOptions): Headers {
    const headers = new Headers({ Accept: 'application/json' });
    const initData = getInitData();
    if (initData) headers.set('Authorization', `${getScheme()} ${initData}`);
    // Fastify refuses a JSON content type with an empty body, so it is sent only with one.
    if (body !== undefined) headers.set('Content-Type', 'application/json');
    if (xsrfToken) headers.set('X-XSRF-TOKEN', xsrfToken);
    // Set by hand, it makes the browser skip its own cache, so a 304 reaches us as a 304.
    if (ifNoneMatch) headers.set('If-None-Match', ifNoneMatch);
    return headers;
  }

  async function send(method: HttpMethod, path: string, options: SendOptions = {}) {
    try {
      return await fetchImpl(path, {
        method,
        headers: headersFor(options),
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
    } catch (cause) {
      console.error(`${method} ${path} failed to reach the server`, cause);
      throw new ApiError(0, NETWORK_ERROR, apiErrorTexts.network);
    }
  }

  /** The GET's early response if one was sent and came; a failed one is asked again, now. */
  async function fromEarly(early: Promise<Response>, path: string): Promise<Response> {
    try {
      return await early;
    } catch {
      return send('GET', path);
    }
  }

  async function readJson(response: Response): Promise<unknown> {
    const text = await response.text();
    if (text === '') return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }

  // Every call reads errors and the CSRF token, so these two shapes are checked by hand, without zod.
  async function toApiError(response: Response): Promise<ApiError> {
    const answer = (await readJson(response)) as Partial<TErrorResponse> | string | undefined;
    if (typeof answer === 'object' && typeof answer?.error === 'string' && typeof answer.message === 'string')
      return new ApiError(response.status, answer.error, answer.message);
    // A refusal some routes answer as the spec's bare text («Срок действия истек»).
    const text = typeof answer === 'string' ? answer : undefined;
    return new ApiError(response.status, `http_${response.status}`, apiErrorTexts.unexpected, text);
  }

  async function parseAnswer<T>(
    method: HttpMethod,
    path: string,
    response: Response,
    schema?: AnswerCheck<T>,
  ) {
    const json = await readJson(response);
    if (!schema) return json as T;
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data;
    console.error(`${method} ${path} answered outside the contract`, parsed.error);
    throw new ApiError(response.status, 'invalid_response', apiErrorTexts.unexpected);
  }

  async function fetchCsrfToken(): Promise<string> {
    const response = await send('GET', CSRF_PATH);
    if (!response.ok) throw await toApiError(response);
    const { token } = ((await readJson(response)) ?? {}) as Partial<TCsrfResponse>;
    if (typeof token === 'string') return token;
    console.error(`GET ${CSRF_PATH} answered outside the contract`);
    throw new ApiError(response.status, 'invalid_response', apiErrorTexts.unexpected);
  }

  /** One token for the whole session, shared by concurrent requests. */
  function csrf(): Promise<string> {
    if (!csrfToken) {
      const pending = fetchCsrfToken();
      csrfToken = pending;
      pending.catch((error: unknown) => {
        // SPEC §8: a failed CSRF fetch is only logged; the next unsafe call tries again.
        console.error('Could not fetch the CSRF token', error);
        if (csrfToken === pending) csrfToken = undefined;
      });
    }
    return csrfToken;
  }

  async function request<T>(method: HttpMethod, path: string, { body, schema }: RequestOptions<T> = {}) {
    if (method === 'GET') {
      // Without an early response the request leaves at once, in the caller's own tick.
      const early = takeEarly?.(path, getInitData());
      const response = await (early ? fromEarly(early, path) : send(method, path));
      if (!response.ok) throw await toApiError(response);
      return parseAnswer(method, path, response, schema);
    }

    for (let attempt = 1; ; attempt++) {
      const tokenUsed = csrf();
      const response = await send(method, path, { body, xsrfToken: await tokenUsed });
      if (response.ok) return parseAnswer(method, path, response, schema);
      const error = await toApiError(response);
      // The server refused a stale token: fetch a fresh one, unless another request already has.
      if (error.status === 403 && error.code === ErrorCode.csrfInvalid && attempt === 1) {
        if (csrfToken === tokenUsed) csrfToken = undefined;
        continue;
      }
      throw error;
    }
  }

  /**
   * A GET that costs the server almost nothing when nothing changed: the cached copy's ETag goes
   * along, and a 304 answer gives that copy back (the same object, so nothing re-renders).
   */
  async function getIfChanged<T>(
    path: string,
    { cached, schema }: { cached?: Versioned<T>; schema?: AnswerCheck<T> },
  ): Promise<Versioned<T>> {
    const response = await send('GET', path, { ifNoneMatch: cached?.etag });
    if (response.status === 304 && cached) return cached;
    if (!response.ok) throw await toApiError(response);
    const data = await parseAnswer('GET', path, response, schema);
    return { data, etag: response.headers.get('ETag') ?? undefined };
  }

  /**
   * An image the API serves only to its user, as a `data:` address: an <img> cannot send the init
   * data. The browser's cache keeps the image by its address as the server allows.
   */
  async function getImage(path: string): Promise<string> {
    const response = await send('GET', path);
    if (!response.ok) throw await toApiError(response);
    const bytes = new Uint8Array(await response.arrayBuffer());
    let binary = '';
    // In slices: String.fromCharCode takes only so many arguments at once.
    for (let at = 0; at < bytes.length; at += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    }
    const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
    return `data:${type};base64,${btoa(binary)}`;
  }

  return {
    get: <T>(path: string, schema?: AnswerCheck<T>) => request<T>('GET', path, { schema }),
    getImage,
    getIfChanged,
    post: <T>(path: string, options?: RequestOptions<T>) => request<T>('POST', path, options),
    put: <T>(path: string, options?: RequestOptions<T>) => request<T>('PUT', path, options),
    delete: <T>(path: string, options?: RequestOptions<T>) => request<T>('DELETE', path, options),
  };
}
