import { MessengerError } from '../domain/messenger.ts';

/** A 429 names no wait in MAX's documents: this long, unless a Retry-After header says. */
const DEFAULT_RETRY_AFTER_S = 5;

/** A call MAX refused or did not answer, with what it said. */
export class MaxCallFailed extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly code: string | undefined,
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'MaxCallFailed';
  }
}

/**
 * MAX's refusal as the port's (the schema's Error: an HTTP status with `code` and `message`; a
 * `success: false` answer likewise): 429 a flood; a 5xx, silence, a bad token (401) or an upload
 * still processing say nothing of the message; 403 or `chat.denied` is the person's block (they
 * stopped the bot, or never started it); any other refusal is the message's own.
 */
export function told(failure: MaxCallFailed): MessengerError {
  const { status, code } = failure;
  if (status === 429)
    return new MessengerError(failure.message, 'flood', failure.retryAfterS ?? DEFAULT_RETRY_AFTER_S);
  if (status === undefined || status >= 500 || status === 401 || code === 'attachment.not.ready')
    return new MessengerError(failure.message, 'unavailable');
  if (status === 403 || code === 'chat.denied') return new MessengerError(failure.message, 'blocked');
  return new MessengerError(failure.message, 'refused');
}

/**
 * MAX's Bot API over plain fetch (dev.max.ru/docs-api; `apiRoot` is MAX_API_ROOT, a local fake in
 * tests): the token in `Authorization` (MAX no longer takes it in the query), JSON bodies, and a
 * refusal, whether an HTTP status or a `success: false`, thrown as MaxCallFailed with its `code`.
 */
export function createMaxApi(options: { token: string; apiRoot: string }) {
  const { token, apiRoot } = options;
  /** One call of MAX's API (or an upload URL it gave); its JSON, or MaxCallFailed. */
  async function call<T>(
    method: string,
    url: string,
    signal: AbortSignal,
    body?: { json: unknown } | { form: FormData },
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: token,
          ...(body && 'json' in body ? { 'content-type': 'application/json' } : {}),
        },
        body: body === undefined ? undefined : 'json' in body ? JSON.stringify(body.json) : body.form,
        signal,
      });
    } catch (error) {
      throw new MaxCallFailed(error instanceof Error ? error.message : String(error), undefined, undefined);
    }
    const answer = (await response.json().catch(() => undefined)) as
      | (Record<string, unknown> & { success?: boolean; code?: string; message?: string })
      | undefined;
    if (!response.ok || answer === undefined || answer.success === false) {
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new MaxCallFailed(
        `MAX ${method} ${new URL(url).pathname}: ${response.status} ${answer?.code ?? ''} ${typeof answer?.message === 'string' ? answer.message : ''}`.trim(),
        response.ok ? 400 : response.status,
        typeof answer?.code === 'string' ? answer.code : undefined,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      );
    }
    return answer as T;
  }

  const url = (path: string, query: Record<string, string | number | boolean>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) search.set(key, String(value));
    const encoded = search.toString();
    return encoded ? `${apiRoot}${path}?${encoded}` : `${apiRoot}${path}`;
  };

  /** A call whose MAX refusal is the port's MessengerError. */
  async function telling<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof MaxCallFailed) throw told(error);
      throw error;
    }
  }

  return { call, url, telling };
}

export type MaxApi = ReturnType<typeof createMaxApi>;
