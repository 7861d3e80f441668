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

/** MAX asks for at most 30 requests a second to platform-api2 (dev.max.ru: POST /uploads). */
const REQUESTS_PER_SECOND = 30;

/**
 * When each bot may next call MAX, by token: every client of one bot in this process (the
 * outbox's adapter, the updates' long polling) shares the bot's 30 a second.
 */
const nextSlotOf = new Map<string, number>();

/** Waits for the bot's next slot, each a thirtieth of a second after the one before. */
async function takeSlot(token: string, signal: AbortSignal): Promise<void> {
  const now = Date.now();
  const slot = Math.max(now, nextSlotOf.get(token) ?? 0);
  nextSlotOf.set(token, slot + 1000 / REQUESTS_PER_SECOND);
  if (slot <= now) return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, slot - now);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * MAX's Bot API over plain fetch (dev.max.ru/docs-api; `apiRoot` is MAX_API_ROOT, a local fake in
 * tests): the token in `Authorization` (MAX no longer takes it in the query), JSON bodies, and a
 * refusal, whether an HTTP status or a `success: false`, thrown as MaxCallFailed with its `code`.
 * Calls to the API keep MAX's 30 a second in this process; an upload URL is a media server's, not
 * counted.
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
      if (url.startsWith(apiRoot)) await takeSlot(token, signal);
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
