import { BlockList, isIPv4, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { writeRefusal } from './edge-errors.ts';

/**
 * How often Node looks for requests past their time. Its default (30 s) would let a request that
 * never finishes live up to twice its limit.
 */
export const TIMEOUT_CHECK_MS = 1_000;

/** Node's server options for a request that must arrive whole within `requestTimeoutMs`. */
export function requestTimeouts(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    http: {
      // Headers come first and are small: half the time, and never past the whole request's.
      headersTimeout: Math.ceil(requestTimeoutMs / 2),
      connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_MS, requestTimeoutMs),
    },
  };
}

/** The networks behind TRUSTED_PROXIES' names, as proxy-addr (Fastify's trustProxy) reads them. */
const NAMED_NETWORKS: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function blockListOf(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries.flatMap((e) => NAMED_NETWORKS[e] ?? [e])) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** An IPv4 caller on a dual-stack socket shows as `::ffff:a.b.c.d`. */
const plainAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

const TOO_MANY = {
  status: 429,
  error: 'too_many_connections',
  message: 'Слишком много одновременных соединений с вашего адреса. Подождите немного и попробуйте снова.',
};

/**
 * At most `max` open connections from one address: past that a new one is answered 429 and closed,
 * so one caller holding sockets open cannot take the server's from everyone. A trusted proxy's
 * connections carry everyone's requests and are not counted (the proxy bounds its callers).
 */
export function boundConnectionsPerAddress(
  app: FastifyInstance,
  max: number,
  trustedProxies: readonly string[],
) {
  const trusted = blockListOf(trustedProxies);
  const open = new Map<string, number>();
  /** Addresses refused since they last had room: one log line for a flood of refused connections. */
  const told = new Set<string>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress && plainAddress(socket.remoteAddress);
    if (!address || trusted.check(address, isIPv4(address) ? 'ipv4' : 'ipv6')) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      // Nothing it sends is read, so no request of its reaches a route.
      socket.pause();
      writeRefusal(socket, TOO_MANY);
      socket.end(() => socket.destroy());
      if (!told.has(address)) {
        told.add(address);
        app.log.warn({ address, open: max }, 'connections refused: too many open from one address');
      }
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      told.delete(address);
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
