import { Api } from 'grammy';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { SocksProxyAgent } from 'socks-proxy-agent';

/** The longest any Bot API call may take that passes no signal of its own (grammY's default is 500 s). */
const CALL_TIMEOUT_S = 30;

/**
 * One agent per proxy for the process: the bot's long polling and every other call share its
 * kept-alive connections to the relay.
 */
const agents = new Map<string, HttpsProxyAgent<string> | SocksProxyAgent>();

/**
 * The way out to Telegram through `proxyUrl` (TELEGRAM_PROXY_URL): a SOCKS5 proxy (`socks5://`, the
 * relay resolving names with `socks5h://`), or an HTTP(S) proxy asked to CONNECT, which carries
 * TLS to Telegram untouched. Credentials ride in the URL. Only Telegram's calls take it.
 */
export function proxyAgent(proxyUrl: string) {
  let agent = agents.get(proxyUrl);
  if (!agent) {
    agent = proxyUrl.startsWith('socks')
      ? new SocksProxyAgent(proxyUrl, { keepAlive: true })
      : new HttpsProxyAgent(proxyUrl, { keepAlive: true });
    agents.set(proxyUrl, agent);
  }
  return agent;
}

/** Where grammY sends a bot's calls: `apiRoot`, through `proxyUrl` when one is set. */
export function telegramClient(apiRoot: string, proxyUrl?: string) {
  return { apiRoot, ...(proxyUrl ? { baseFetchConfig: { agent: proxyAgent(proxyUrl) } } : {}) };
}

/** The Bot API client every module uses; `apiRoot` lets tests and self-hosted servers stand in for Telegram. */
export function createBotApi(token: string, apiRoot: string, proxyUrl?: string): Api {
  return new Api(token, { ...telegramClient(apiRoot, proxyUrl), timeoutSeconds: CALL_TIMEOUT_S });
}

/** Node's own signal as grammY takes it (grammY types its signals with a polyfill's type). */
export const grammySignal = (signal: AbortSignal) =>
  signal as unknown as NonNullable<Parameters<Api['getMe']>[0]>;

/** A signal that gives up on a Bot API call after `ms`. */
export const abortAfter = (ms: number) => grammySignal(AbortSignal.timeout(ms));
