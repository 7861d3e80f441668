import { once } from 'node:events';
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A relay abroad, as the tests play it: an HTTP proxy that CONNECTs (Proxy-Authorization: Basic) or
 * a SOCKS5 proxy (RFC 1928, with RFC 1929's username and password), each checking the credentials
 * it was given. `hosts` maps the names only the relay can resolve (Telegram's, played by the fake
 * Bot API) to local ports, so a call that skips the proxy finds no such host. `down()` refuses
 * every connection until `up()`, as a relay that went away does.
 */
export async function startLocalProxy(options: {
  kind: 'connect' | 'socks5';
  username: string;
  password: string;
  hosts: Record<string, string>;
}) {
  let tunnels = 0;
  let refusing = false;
  const open = new Set<Socket>();
  const target = (host: string, port: number) => {
    const mapped = options.hosts[`${host}:${port}`];
    if (!mapped) return undefined;
    const [mappedHost = '', mappedPort = ''] = mapped.split(':');
    return { host: mappedHost, port: Number(mappedPort) };
  };
  const pipe = (client: Socket, to: { host: string; port: number }, ready: () => void) => {
    const upstream = connect(to.port, to.host, () => {
      tunnels += 1;
      ready();
      upstream.pipe(client).pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
  };

  let server: Server;
  if (options.kind === 'connect') {
    const expected = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
    const http = createHttpServer((_request, response) => response.writeHead(405).end());
    http.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
      client.on('error', () => {});
      if (request.headers['proxy-authorization'] !== expected) {
        client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\n\r\n');
        return;
      }
      const [host = '', port = ''] = (request.url ?? '').split(':');
      const to = target(host, Number(port));
      if (!to) {
        client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
        return;
      }
      pipe(client, to, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) client.unshift(head);
      });
    });
    server = http;
  } else {
    server = createServer((client) => {
      client.on('error', () => {});
      socks5(client).catch(() => client.destroy());
    });
  }

  /** RFC 1928: greeting, username/password (RFC 1929), then CONNECT by domain name or IPv4. */
  async function socks5(client: Socket) {
    const read = reader(client);
    const [version, methods = 0] = await read(2);
    const offered = await read(methods);
    if (version !== 5 || !offered.includes(2)) return void client.end(Buffer.from([5, 0xff]));
    client.write(Buffer.from([5, 2]));
    const [, userLength = 0] = await read(2);
    const username = (await read(userLength)).toString();
    const [passwordLength = 0] = await read(1);
    const password = (await read(passwordLength)).toString();
    if (username !== options.username || password !== options.password)
      return void client.end(Buffer.from([1, 1]));
    client.write(Buffer.from([1, 0]));
    const [, command, , addressType] = await read(4);
    let host: string;
    if (addressType === 3) host = (await read((await read(1))[0] ?? 0)).toString();
    else if (addressType === 1) host = [...(await read(4))].join('.');
    else return void client.end(Buffer.from([5, 8, 0, 1, 0, 0, 0, 0, 0, 0]));
    const port = (await read(2)).readUInt16BE(0);
    const to = command === 1 ? target(host, port) : undefined;
    // 4: host unreachable, as a relay that cannot resolve the name answers.
    if (!to) return void client.end(Buffer.from([5, 4, 0, 1, 0, 0, 0, 0, 0, 0]));
    const early = read.release();
    pipe(client, to, () => {
      client.write(Buffer.from([5, 0, 0, 1, 127, 0, 0, 1, 0, 0]));
      if (early.length > 0) client.unshift(early);
    });
  }

  server.on('connection', (socket: Socket) => {
    if (refusing) socket.destroy();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  const credentials = `${encodeURIComponent(options.username)}:${encodeURIComponent(options.password)}`;
  return {
    url: `${options.kind === 'connect' ? 'http' : 'socks5h'}://${credentials}@127.0.0.1:${port}`,
    /** Connections it carried through to a mapped host. */
    tunnels: () => tunnels,
    /** Cuts every open tunnel and refuses new connections. */
    down() {
      refusing = true;
      for (const socket of open) socket.destroy();
    },
    up() {
      refusing = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Reads exactly `n` bytes at a time from a socket; `release` stops reading and hands back what came
 * beyond the last read, for the tunnel to carry.
 */
function reader(socket: Socket) {
  let buffered = Buffer.alloc(0);
  let wake: (() => void) | undefined;
  const onData = (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    wake?.();
  };
  socket.on('data', onData);
  socket.on('close', () => wake?.());
  const read = async (n: number): Promise<Buffer> => {
    while (buffered.length < n) {
      if (socket.destroyed) throw new Error('closed');
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
    const taken = buffered.subarray(0, n);
    buffered = buffered.subarray(n);
    return taken;
  };
  const release = () => {
    socket.off('data', onData);
    socket.pause();
    return buffered;
  };
  return Object.assign(read, { release });
}

export type LocalProxy = Awaited<ReturnType<typeof startLocalProxy>>;
