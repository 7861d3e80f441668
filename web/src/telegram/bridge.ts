/**
 * Our end of Telegram's Mini Apps protocol (core.telegram.org/api/web-events): the methods the app
 * posts to the client and the events the client sends back, named and typed in `protocol.ts`.
 * Written here rather than taken from an SDK: the SDK and the libraries it brings weighed 17 KB on
 * the wire, more than the first screen could carry, for the two dozen methods the app uses.
 */
import type { EventName, Events, MethodName, Methods } from './protocol';

type TelegramWindow = Window & {
  TelegramWebviewProxy?: { postEvent(method: string, params?: string): void };
  Telegram?: { WebView?: { receiveEvent?: Receiver } };
  TelegramGameProxy?: { receiveEvent?: Receiver };
  TelegramGameProxy_receiveEvent?: Receiver;
};

type Receiver = (eventType: string, eventData?: unknown) => void;
type Listener = (payload: unknown) => void;

/** Telegram Web, the client that runs the app in an iframe, takes messages from this origin only. */
const WEB_CLIENT_ORIGIN = 'https://web.telegram.org';

const listeners = new Map<string, Set<Listener>>();

/**
 * Hands an event from the client to whoever listens for it (the stand-in answers through it too).
 * Any name is taken: a client sends events the app does not listen for. Each listener is called
 * on its own, as Telegram's telegram-web-app.js does: one that throws is reported and the others
 * still hear the event.
 */
export function receiveEvent(eventType: string, eventData?: unknown): void {
  for (const listener of [...(listeners.get(eventType) ?? [])]) {
    try {
      listener(eventData);
    } catch (error) {
      console.error(`A listener for Telegram's ${eventType} failed`, error);
    }
  }
}

let receiving = false;

/**
 * Telegram's apps call one of three globals, depending on the platform; Telegram Web posts a
 * message from the frame around the app.
 */
function startReceiving(): void {
  if (receiving) return;
  receiving = true;
  const page = window as TelegramWindow;
  page.Telegram ??= {};
  page.Telegram.WebView ??= {};
  page.Telegram.WebView.receiveEvent = receiveEvent;
  page.TelegramGameProxy ??= {};
  page.TelegramGameProxy.receiveEvent = receiveEvent;
  page.TelegramGameProxy_receiveEvent = receiveEvent;
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || typeof event.data !== 'string') return;
    let message: { eventType?: unknown; eventData?: unknown };
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    if (typeof message?.eventType === 'string') receiveEvent(message.eventType, message.eventData);
  });
}

/** Listens for an event from the client; returns the way to stop. */
export function on<E extends EventName>(eventType: E, listener: (payload: Events[E]) => void): () => void {
  startReceiving();
  let set = listeners.get(eventType);
  if (!set) {
    set = new Set();
    listeners.set(eventType, set);
  }
  // The client is trusted to send each event with what the protocol says it carries.
  const heard = listener as Listener;
  set.add(heard);
  return () => {
    set.delete(heard);
  };
}

export const isInsideFrame = () => window.self !== window.top;

/** A method's parameters, or none for a method that takes none. */
type ParamsOf<M extends MethodName> = Methods[M] extends undefined ? [] : [params: Methods[M]];

/** Sends a method to the client. Throws outside Telegram, where nothing would take it. */
export function postEvent<M extends MethodName>(method: M, ...[params]: ParamsOf<M>): void {
  if (isInsideFrame()) {
    window.parent.postMessage(JSON.stringify({ eventType: method, eventData: params }), WEB_CLIENT_ORIGIN);
    return;
  }
  const proxy = (window as TelegramWindow).TelegramWebviewProxy;
  if (!proxy) throw new Error(`No Telegram client to send ${method} to`);
  proxy.postEvent(method, params === undefined ? undefined : JSON.stringify(params));
}

export class TelegramTimeoutError extends Error {
  constructor(method: string, timeoutMs: number) {
    super(`Telegram did not answer ${method} within ${timeoutMs} ms`);
    this.name = 'TelegramTimeoutError';
  }
}

/** One of the events a request waits for, with what it carries. */
export type Answer<E extends EventName> = { [K in E]: { event: K; payload: Events[K] } }[E];

type RequestOptions<E extends EventName> = {
  /** Whether an answer is the one to this request (by its req_id, say); any answer when absent. */
  capture?: (answer: Answer<E>) => boolean;
  /** Rejects with TelegramTimeoutError after this long; waits for good when absent. */
  timeoutMs?: number;
};

/** Posts a method and resolves with the first of the given events that answers it. */
export function request<M extends MethodName, E extends EventName>(
  method: M,
  params: Methods[M],
  answers: E[],
  { capture, timeoutMs }: RequestOptions<E> = {},
): Promise<Answer<E>> {
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stops = answers.map((event) =>
      on(event, (payload) => {
        const answer = { event, payload } as Answer<E>;
        if (capture && !capture(answer)) return;
        finish();
        resolve(answer);
      }),
    );
    const finish = () => {
      clearTimeout(timer);
      for (const stop of stops) stop();
    };
    if (timeoutMs !== undefined)
      timer = setTimeout(() => {
        finish();
        reject(new TelegramTimeoutError(method, timeoutMs));
      }, timeoutMs);
    try {
      postEvent(method, ...((params === undefined ? [] : [params]) as ParamsOf<M>));
    } catch (error) {
      finish();
      reject(error);
    }
  });
}

/** A fresh id for a request whose answer names it (`req_id`). */
export const requestId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
