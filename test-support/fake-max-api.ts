import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * MAX's Bot API as its documents and OpenAPI schema (max-messenger/api-schema 0.0.33, dev.max.ru)
 * describe it, for tests: JSON bodies, the token in `Authorization`, refusals as an HTTP status with
 * `{success: false, code, message}` (the schema's Error carries `code` and `message`; since November
 * 2026 MAX adds `code` to its `success: false` answers too). MAX publishes no fake of its own.
 */

/** A refusal as MAX words it. */
export interface MaxApiError {
  status: number;
  code: string;
  message: string;
}

/** A button as MAX's inline keyboard carries it (the schema's Button and its kinds). */
export interface MaxButton {
  type: string;
  text: string;
  payload?: string;
  url?: string;
  web_app?: string;
}

export interface MaxAttachment {
  type: string;
  payload?: Record<string, unknown> & { buttons?: MaxButton[][]; token?: string };
}

/** A message the bot sent, with its text and attachments as edited since. */
export interface MaxSentMessage {
  mid: string;
  /** `user_id` or `chat_id` it was sent to. */
  userId?: number;
  chatId?: number;
  text: string | null;
  /** The text it was sent with. */
  sentText: string | null;
  attachments: MaxAttachment[];
  disableLinkPreview: boolean;
  /** The uploaded file an `image` or `file` attachment named, by its token. */
  uploads: MaxUpload[];
  edits: number;
  deleted: boolean;
}

/** A file uploaded to an upload URL. */
export interface MaxUpload {
  type: 'image' | 'video' | 'audio' | 'file';
  token: string;
  fileName: string;
  content: Buffer;
}

export interface MaxCall {
  method: string;
  /** The path without the query, e.g. `/messages`, `/chats/-7012/members`. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  status?: number;
  at: number;
}

/** A time when MAX refuses every call: a flood (429) or its side down (5xx). */
export interface MaxOutage {
  fromMs: number;
  untilMs: number;
  status: 429 | 500 | 502 | 503 | 504;
}

/** A chat member's fields the schema's ChatMember requires, with the user's. */
export interface MaxChatMember {
  user_id: number;
  first_name: string;
  last_name?: string | null;
  username?: string | null;
  is_bot?: boolean;
  is_owner?: boolean;
  is_admin?: boolean;
}

const BUTTON_TYPES = [
  'callback',
  'link',
  'request_geo_location',
  'request_contact',
  'message',
  'open_app',
  'clipboard',
];
/** The longest a GET /updates is held open, whatever `timeout` it asks (the schema allows 0–90 s). */
const MAX_LONG_POLL_S = 90;

const refusal = (status: number, code: string, message: string): MaxApiError => ({ status, code, message });

/** What is wrong with an inline keyboard by the schema, or undefined. */
function keyboardProblem(payload: MaxAttachment['payload'], botName: string): string | undefined {
  const rows = payload?.buttons;
  if (!Array.isArray(rows) || rows.length === 0) return 'inline_keyboard.payload.buttons: at least one row';
  for (const button of rows.flat()) {
    if (!BUTTON_TYPES.includes(button.type)) return `button.type: unknown ${button.type}`;
    if (typeof button.text !== 'string' || button.text.length < 1 || button.text.length > 128)
      return 'button.text: 1–128 characters';
    if (button.type === 'callback' && (typeof button.payload !== 'string' || button.payload.length > 1024))
      return 'callback.payload: required, at most 1024 characters';
    if (button.type === 'link' && (typeof button.url !== 'string' || button.url.length > 2048))
      return 'link.url: required, at most 2048 characters';
    if (button.type === 'open_app') {
      if (button.web_app !== botName)
        return 'open_app.web_app: the public name of the bot wired to the mini app';
      if (button.payload != null && !/^[\w-]{0,512}$/.test(button.payload))
        return 'open_app.payload: at most 512 characters of A–Z a–z 0–9 _ -';
    }
  }
  return undefined;
}

/** The fields of a multipart/form-data body (RFC 7578): files as { fileName, content }. */
function readMultipart(body: Buffer, contentType: string) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const delimiter = Buffer.from(`--${boundary?.[1] ?? boundary?.[2] ?? ''}`);
  const parts: Record<string, { fileName?: string; content: Buffer }> = {};
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const name = /;\s*name="?([^";\r\n]*)"?/.exec(headers)?.[1] ?? '';
    const fileName = /;\s*filename="?([^";\r\n]*)"?/.exec(headers)?.[1];
    parts[name] = { fileName, content: part.subarray(headerEnd + 4) };
    start = next;
  }
  return parts;
}

/**
 * A small server speaking MAX's Bot API on loopback: POST/PUT/DELETE /messages, POST /uploads and
 * the upload URL it gives, GET /updates (long polling with `marker`), POST /answers,
 * GET /chats/{chatId}/members?user_ids=…, GET /me, and /subscriptions. It checks what MAX's
 * schema requires of a request, records every call, and refuses as MAX does when told to.
 */
export async function startFakeMaxApi(options: { token: string; botName: string; botId?: number }) {
  const calls: MaxCall[] = [];
  const messages = new Map<string, MaxSentMessage>();
  const uploads = new Map<string, MaxUpload>();
  /** Upload URLs given and not yet used: each takes one file. */
  const uploadSlots = new Map<string, MaxUpload['type']>();
  /** Tokens whose file MAX is still processing: a send naming one is refused this many more times. */
  const processing = new Map<string, number>();
  /** Members per chat; a chat missing here does not exist, one in `notAdminIn` refuses the bot. */
  const members = new Map<string, Map<number, MaxChatMember>>();
  const notAdminIn = new Set<string>();
  /** People who stopped the bot (or never started it, where MAX requires that): sends to them are refused. */
  const blocked = new Set<number>();
  const routeErrors = new Map<string, MaxApiError & { times?: number }>();
  const outages: MaxOutage[] = [];
  const answers: { callbackId: string; notification?: string; message?: unknown }[] = [];
  const openCallbacks = new Set<string>();
  const subscriptions: { url: string; time: number; update_types?: string[]; secret?: string }[] = [];
  let hanging = false;
  let clock = () => Date.now();
  let nextSeq = 1;
  /** How many sends of a fresh upload's token are refused `attachment.not.ready` first. */
  let notReadyTimes = 0;

  // Long polling: `marker` names the next update wanted; every update before it is committed.
  const updates: { marker: number; update: Record<string, unknown> }[] = [];
  let nextMarker = 1;
  let committedBelow = 1;
  const pollers = new Set<() => void>();
  const commitWaiters: { marker: number; resolve: () => void }[] = [];

  function commit(marker: number) {
    if (marker <= committedBelow) return;
    committedBelow = marker;
    updates.splice(0, updates.length, ...updates.filter((u) => u.marker >= marker));
    for (const waiter of [...commitWaiters]) {
      if (waiter.marker < committedBelow) {
        commitWaiters.splice(commitWaiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  }

  const messageOf = (sent: MaxSentMessage) => ({
    sender: {
      user_id: options.botId ?? 1,
      first_name: 'Катайся с нами',
      username: options.botName,
      is_bot: true,
    },
    recipient: sent.userId
      ? { chat_id: sent.userId, chat_type: 'dialog', user_id: sent.userId }
      : { chat_id: sent.chatId, chat_type: 'chat' },
    timestamp: clock(),
    body: { mid: sent.mid, seq: nextSeq++, text: sent.text, attachments: sent.attachments },
  });

  /** What is wrong with a NewMessageBody's attachments, or undefined; the uploads they name. */
  function attachmentsOf(
    attachments: unknown,
  ): { uploads: MaxUpload[]; attachments: MaxAttachment[] } | MaxApiError {
    if (attachments == null) return { uploads: [], attachments: [] };
    if (!Array.isArray(attachments)) return refusal(400, 'proto.payload', 'attachments: expected an array');
    const named: MaxUpload[] = [];
    for (const attachment of attachments as MaxAttachment[]) {
      if (attachment.type === 'inline_keyboard') {
        const problem = keyboardProblem(attachment.payload, options.botName);
        if (problem) return refusal(400, 'proto.payload', problem);
        continue;
      }
      if (attachment.type === 'image' || attachment.type === 'file') {
        const photos = attachment.payload?.photos as Record<string, { token?: string }> | undefined;
        const tokens = attachment.payload?.token
          ? [attachment.payload.token]
          : Object.values(photos ?? {}).map((photo) => photo.token ?? '');
        if (tokens.length === 0 && !(attachment.type === 'image' && attachment.payload?.url))
          return refusal(400, 'proto.payload', `${attachment.type}.payload: a token, photos or url`);
        for (const token of tokens) {
          const upload = uploads.get(token);
          if (!upload || upload.type !== attachment.type)
            return refusal(400, 'attachment.not.found', `No ${attachment.type} for token ${token}`);
          const waits = processing.get(token) ?? 0;
          if (waits > 0) {
            processing.set(token, waits - 1);
            return refusal(400, 'attachment.not.ready', 'Key: errors.process.attachment.file.not.processed');
          }
          named.push(upload);
        }
        if (attachment.type === 'file' && attachments.length > 1)
          return refusal(400, 'proto.payload', 'A file MUST be the only attachment in message');
        continue;
      }
      return refusal(400, 'proto.payload', `attachment.type: ${attachment.type} is not served by this fake`);
    }
    return { uploads: named, attachments: attachments as MaxAttachment[] };
  }

  function postMessage(query: URLSearchParams, body: Record<string, unknown>) {
    const userId = query.get('user_id') ? Number(query.get('user_id')) : undefined;
    const chatId = query.get('chat_id') ? Number(query.get('chat_id')) : undefined;
    if ((userId === undefined) === (chatId === undefined))
      return refusal(400, 'proto.payload', 'Either user_id or chat_id');
    if (userId !== undefined && blocked.has(userId))
      return refusal(403, 'chat.denied', 'chat.denied: the user stopped the bot');
    const text = (body.text as string | null | undefined) ?? null;
    if (text !== null && (typeof text !== 'string' || text.length > 4000))
      return refusal(400, 'proto.payload', 'text: at most 4000 characters');
    const parsed = attachmentsOf(body.attachments);
    if ('status' in parsed) return parsed;
    if (!text && parsed.attachments.length === 0) return refusal(400, 'proto.payload', 'Message is empty');
    const sent: MaxSentMessage = {
      mid: `mid.${randomBytes(12).toString('hex')}`,
      userId,
      chatId,
      text,
      sentText: text,
      attachments: parsed.attachments,
      disableLinkPreview: query.get('disable_link_preview') === 'true',
      uploads: parsed.uploads,
      edits: 0,
      deleted: false,
    };
    messages.set(sent.mid, sent);
    return { message: messageOf(sent) };
  }

  function putMessage(query: URLSearchParams, body: Record<string, unknown>) {
    const sent = messages.get(query.get('message_id') ?? '');
    if (!sent || sent.deleted) return refusal(404, 'not.found', 'Message not found');
    if (body.text !== undefined && body.text !== null && String(body.text).length > 4000)
      return refusal(400, 'proto.payload', 'text: at most 4000 characters');
    // `attachments` null or left out keeps the message's; an empty list takes them all away.
    if (body.attachments != null) {
      const parsed = attachmentsOf(body.attachments);
      if ('status' in parsed) return parsed;
      sent.attachments = parsed.attachments;
      sent.uploads = parsed.uploads;
    }
    if (body.text !== undefined) sent.text = (body.text as string | null) ?? null;
    sent.edits += 1;
    return { success: true };
  }

  function upload(slot: string, contentType: string, raw: Buffer) {
    const type = uploadSlots.get(slot);
    if (!type) return refusal(400, 'upload.expired', 'Upload URL is not known or was used');
    if (!contentType.includes('multipart/form-data'))
      return refusal(400, 'proto.payload', 'This fake takes multipart uploads only');
    const data = readMultipart(raw, contentType).data;
    if (!data?.fileName) return refusal(400, 'proto.payload', 'A file in the field «data»');
    uploadSlots.delete(slot);
    const token = randomBytes(16).toString('base64url');
    uploads.set(token, { type, token, fileName: data.fileName, content: data.content });
    if (notReadyTimes > 0) processing.set(token, notReadyTimes);
    // Images answer with their photos' tokens, files with one token (dev.max.ru: «Загрузка файлов»).
    return type === 'image' ? { photos: { [slot]: { token } } } : { token };
  }

  function chatMembers(chatId: string, query: URLSearchParams) {
    const chat = members.get(chatId);
    if (!chat) return refusal(404, 'chat.not.found', `Chat ${chatId} not found`);
    if (notAdminIn.has(chatId))
      return refusal(403, 'chat.denied', 'Bot is not an administrator of this chat');
    const wanted = query.get('user_ids');
    const list = wanted
      ? wanted
          .split(',')
          .map((id) => chat.get(Number(id)))
          .filter((member) => member !== undefined)
      : [...chat.values()].slice(0, Number(query.get('count') ?? 20));
    return {
      members: list.map((member) => ({
        last_name: null,
        username: null,
        is_bot: false,
        is_owner: false,
        is_admin: false,
        last_access_time: clock(),
        join_time: clock(),
        last_activity_time: clock(),
        permissions: null,
        ...member,
      })),
      marker: null,
    };
  }

  function getUpdates(query: URLSearchParams, reply: (status: number, body: unknown) => void) {
    const marker = query.get('marker') ? Number(query.get('marker')) : committedBelow;
    commit(marker);
    const types = query.get('types')?.split(',');
    const limit = Math.min(Number(query.get('limit') ?? 100), 1000);
    const pending = () =>
      updates
        .filter((u) => u.marker >= marker && (!types || types.includes(String(u.update.update_type))))
        .slice(0, limit);
    let timer: NodeJS.Timeout | undefined;
    const answer = () => {
      clearTimeout(timer);
      pollers.delete(answer);
      const page = pending();
      const last = page.at(-1);
      reply(200, { updates: page.map((u) => u.update), marker: last ? last.marker + 1 : marker });
    };
    const timeoutS = Math.min(Number(query.get('timeout') ?? 30), MAX_LONG_POLL_S);
    if (pending().length > 0 || timeoutS === 0) return answer();
    timer = setTimeout(answer, timeoutS * 1000);
    pollers.add(answer);
  }

  function route(method: string, path: string, query: URLSearchParams, body: Record<string, unknown>) {
    if (method === 'GET' && path === '/me')
      return {
        user_id: options.botId ?? 1,
        first_name: 'Катайся с нами',
        username: options.botName,
        is_bot: true,
      };
    if (method === 'POST' && path === '/messages') return postMessage(query, body);
    if (method === 'PUT' && path === '/messages') return putMessage(query, body);
    if (method === 'DELETE' && path === '/messages') {
      const sent = messages.get(query.get('message_id') ?? '');
      if (!sent || sent.deleted) return refusal(404, 'not.found', 'Message not found');
      sent.deleted = true;
      return { success: true };
    }
    if (method === 'POST' && path === '/uploads') {
      const type = query.get('type');
      if (type !== 'image' && type !== 'video' && type !== 'audio' && type !== 'file')
        return refusal(400, 'proto.payload', 'type: image, video, audio or file');
      const slot = randomBytes(8).toString('hex');
      uploadSlots.set(slot, type);
      return { url: `${apiRoot}/upload/${slot}` };
    }
    if (method === 'POST' && path === '/answers') {
      const callbackId = query.get('callback_id') ?? '';
      if (!openCallbacks.delete(callbackId))
        return refusal(400, 'callback.not.found', 'Callback is not found or was answered');
      if (body.notification == null && body.message == null)
        return refusal(400, 'proto.payload', 'Either message or notification');
      answers.push({
        callbackId,
        ...(body.notification == null ? {} : { notification: String(body.notification) }),
        ...(body.message == null ? {} : { message: body.message }),
      });
      return { success: true };
    }
    const chatMembersPath = /^\/chats\/(-?\d+)\/members$/.exec(path);
    if (method === 'GET' && chatMembersPath) return chatMembers(chatMembersPath[1] ?? '', query);
    if (path === '/subscriptions') {
      if (method === 'GET') return { subscriptions };
      if (method === 'POST') {
        const url = String(body.url ?? '');
        if (!url.startsWith('https://'))
          return refusal(400, 'proto.payload', 'url: must start with https://');
        if (body.secret !== undefined && !/^[\w-]{5,256}$/.test(String(body.secret)))
          return refusal(400, 'proto.payload', 'secret: 5–256 characters A–Z a–z 0–9 _ -');
        const kept = subscriptions.filter((s) => s.url !== url);
        subscriptions.splice(0, subscriptions.length, ...kept, {
          url,
          time: clock(),
          ...(body.update_types ? { update_types: body.update_types as string[] } : {}),
          ...(body.secret ? { secret: String(body.secret) } : {}),
        });
        return { success: true };
      }
      if (method === 'DELETE') {
        const url = query.get('url') ?? '';
        subscriptions.splice(0, subscriptions.length, ...subscriptions.filter((s) => s.url !== url));
        return { success: true };
      }
    }
    return refusal(404, 'not.found', `${method} ${path} is not a method of MAX's Bot API`);
  }

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const contentType = request.headers['content-type'] ?? '';
    let body: Record<string, unknown> = {};
    if (contentType.includes('application/json') && raw.length > 0) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        body = { unreadable: true };
      }
    }
    const method = request.method ?? 'GET';
    const call: MaxCall = { method, path: url.pathname, query: url.searchParams, body, at: clock() };
    const reply = (status: number, answer: unknown) => {
      if (response.writableEnded) return;
      call.status = status;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    };
    const refuse = (error: MaxApiError) =>
      reply(error.status, { success: false, code: error.code, message: error.message });
    calls.push(call);
    if (hanging) return;
    // Upload URLs are MAX's media servers, not the API: the token is not asked there.
    const uploadPath = /^\/upload\/([0-9a-f]+)$/.exec(url.pathname);
    if (method === 'POST' && uploadPath) {
      const answer = upload(uploadPath[1] ?? '', contentType, raw);
      return 'status' in answer ? refuse(answer as MaxApiError) : reply(200, answer);
    }
    if (request.headers.authorization !== options.token) {
      return refuse(refusal(401, 'verify.token', 'Invalid access_token'));
    }
    if (url.searchParams.has('access_token')) {
      return refuse(refusal(401, 'verify.token', 'access_token in the query is no longer supported'));
    }
    const at = clock();
    const outage = outages.find((o) => o.fromMs <= at && at < o.untilMs);
    if (outage) {
      return outage.status === 429
        ? refuse(refusal(429, 'too.many.requests', 'Too many requests'))
        : refuse(refusal(outage.status, 'internal.error', 'Internal server error'));
    }
    const key = `${method} ${url.pathname}`;
    const forced = routeErrors.get(key);
    if (forced) {
      if (forced.times !== undefined && --forced.times <= 0) routeErrors.delete(key);
      return forced.status === 200
        ? reply(200, { success: false, code: forced.code, message: forced.message })
        : refuse(forced);
    }
    if (body.unreadable) return refuse(refusal(400, 'proto.payload', 'Body is not JSON'));
    if (method === 'GET' && url.pathname === '/updates') return getUpdates(url.searchParams, reply);
    const answer = route(method, url.pathname, url.searchParams, body);
    return 'status' in answer && 'code' in answer ? refuse(answer as MaxApiError) : reply(200, answer);
  });
  server.keepAliveTimeout = 10 * 60 * 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiRoot = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiRoot,
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
    /** Every message sent, in order, as edited since. */
    sentMessages: (): MaxSentMessage[] => [...messages.values()],
    uploads: (): MaxUpload[] => [...uploads.values()],
    /** Every POST /answers MAX took, in order. */
    answers,
    subscriptions,
    /** The chat `chatId` with these members (the bot its administrator), replacing any before. */
    setChat(chatId: string, people: MaxChatMember[], { botIsAdmin = true } = {}) {
      members.set(chatId, new Map(people.map((person) => [person.user_id, person])));
      if (botIsAdmin) notAdminIn.delete(chatId);
      else notAdminIn.add(chatId);
    },
    /** `userId` stops the bot (true) or starts it again: sends to them are refused `chat.denied`. */
    setBlocked(userId: number, value: boolean) {
      if (value) blocked.add(userId);
      else blocked.delete(userId);
    },
    /** Each fresh upload's token is refused `attachment.not.ready` this many times before it serves. */
    setNotReadyTimes(times: number) {
      notReadyTimes = times;
    },
    /** `METHOD /path` answers this refusal (`times` times, else until cleared with undefined). */
    setRouteError(route: string, error: (MaxApiError & { times?: number }) | undefined) {
      if (error) routeErrors.set(route, { ...error });
      else routeErrors.delete(route);
    },
    /** From `fromMs` to `untilMs` on the fake's clock every API call answers `status`. */
    addOutage(outage: MaxOutage) {
      outages.push(outage);
    },
    setClock(now: () => number) {
      clock = now;
    },
    /** Every call waits unanswered until called with false. */
    setHanging(value: boolean) {
      hanging = value;
    },
    /** Queues an update for GET /updates (its `timestamp` added) and wakes a waiting long poll; its marker. */
    pushUpdate(update: Record<string, unknown>): number {
      const marker = nextMarker++;
      updates.push({ marker, update: { timestamp: clock(), ...update } });
      for (const answer of [...pollers]) answer();
      return marker;
    },
    /** A person's tap on a `callback` button of `sent`, as MAX's message_callback update. */
    callback(
      from: { user_id: number; first_name: string; username?: string | null },
      sent: MaxSentMessage,
      payload: string,
    ) {
      const callbackId = `cb.${randomBytes(8).toString('hex')}`;
      openCallbacks.add(callbackId);
      return {
        update_type: 'message_callback',
        timestamp: clock(),
        callback: { timestamp: clock(), callback_id: callbackId, payload, user: { is_bot: false, ...from } },
        message: messageOf(sent),
        user_locale: 'ru',
      };
    },
    /** Resolves once the bot has asked GET /updates with a marker past this update's. */
    committed(marker: number): Promise<void> {
      if (marker < committedBelow) return Promise.resolve();
      return new Promise((resolve) => commitWaiters.push({ marker, resolve }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const answer of [...pollers]) answer();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type FakeMaxApi = Awaited<ReturnType<typeof startFakeMaxApi>>;
