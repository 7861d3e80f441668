/**
 * The TLS proxy a phone meets in front of the server (docs/operations.md, «Running it for real»: Telegram opens a mini
 * app only over https, and Caddy or nginx in front speak HTTP/2 to a webview), for Lighthouse's runs
 * of `npm run bench`, in a process of its own. Reads a JSON job as its argument: one port of its own
 * per upstream, each forwarding every request to its upstream over HTTP/1.1 as the proxies do, with
 * `X-Forwarded-For` and `X-Forwarded-Proto`; prints the ports, comma-separated, once listening.
 */
import { request } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';

export interface TlsFrontJob {
  key: string;
  cert: string;
  upstreams: string[];
}

/** Headers of one connection (RFC 9110 §7.6.1, RFC 9113 §8.2.2), never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'http2-settings',
]);

const forwardable = (headers: NodeJS.Dict<string | string[]>) =>
  Object.fromEntries(
    Object.entries(headers).filter(
      (entry): entry is [string, string | string[]] =>
        !entry[0].startsWith(':') && !HOP_BY_HOP.has(entry[0]) && entry[1] !== undefined,
    ),
  );

function forward(upstream: URL, incoming: Http2ServerRequest, outgoing: Http2ServerResponse) {
  const headers = {
    ...forwardable(incoming.headers),
    host: incoming.authority || incoming.headers.host || upstream.host,
    'x-forwarded-for': incoming.socket.remoteAddress ?? '',
    'x-forwarded-proto': 'https',
  };
  const toUpstream = request(
    { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
      answer.pipe(outgoing);
    },
  );
  toUpstream.once('error', () => {
    if (!outgoing.headersSent) outgoing.writeHead(502);
    outgoing.end();
  });
  incoming.pipe(toUpstream);
}

const job = JSON.parse(process.argv[2] ?? '{}') as TlsFrontJob;
const ports = await Promise.all(
  job.upstreams.map((upstream) => {
    const server = createSecureServer(
      { key: job.key, cert: job.cert, allowHTTP1: true },
      (incoming, outgoing) => forward(new URL(upstream), incoming, outgoing),
    );
    return new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
  }),
);
console.log(ports.join(','));
process.on('SIGTERM', () => process.exit(0));
