import { execFileSync } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { firstLine, runTs, stop } from './processes.ts';
import type { TlsFrontJob } from './tls-front.ts';

/** openssl's arguments for a key and a certificate of one day for 127.0.0.1, written to `folder`. */
const opensslArguments = (folder: string) => [
  'req',
  '-x509',
  '-newkey',
  'ec',
  '-pkeyopt',
  'ec_paramgen_curve:prime256v1',
  '-nodes',
  '-days',
  '1',
  '-subj',
  '/CN=127.0.0.1',
  '-addext',
  'subjectAltName=IP:127.0.0.1',
  '-keyout',
  path.join(folder, 'key.pem'),
  '-out',
  path.join(folder, 'cert.pem'),
];

/** A certificate of this run's own, by Debian's openssl (on every machine of ours). */
function selfSignedCertificate() {
  const folder = mkdtempSync(path.join(tmpdir(), 'kss-tls-'));
  try {
    try {
      execFileSync('openssl', opensslArguments(folder), { stdio: 'ignore' });
    } catch (cause) {
      throw new Error('the bench makes its TLS certificate with openssl: apt-get install -y openssl', {
        cause,
      });
    }
    return {
      key: readFileSync(path.join(folder, 'key.pem'), 'utf8'),
      cert: readFileSync(path.join(folder, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The TLS proxy in front of each upstream (tls-front.ts), with the certificate's public-key hash
 * for Chromium's `--ignore-certificate-errors-spki-list`: that certificate, and no other, passes
 * as valid, so the page is a secure context as on a real domain (its service worker registers).
 */
export async function startTlsFront(upstreams: string[]) {
  const { key, cert } = selfSignedCertificate();
  const spki = createHash('sha256')
    .update(createPublicKey(cert).export({ type: 'spki', format: 'der' }))
    .digest('base64');
  const job: TlsFrontJob = { key, cert, upstreams };
  const front = runTs('server/bench/tls-front.ts', [JSON.stringify(job)]);
  const ports = (await firstLine(front)).split(',');
  return {
    /** The address of `url` through the proxy: its origin replaced by the proxy's for its upstream. */
    through(url: string) {
      const address = new URL(url);
      const at = upstreams.findIndex((upstream) => new URL(upstream).origin === address.origin);
      if (at === -1) throw new Error(`${url} is behind no upstream of the TLS proxy`);
      return `https://127.0.0.1:${ports[at]}${address.pathname}${address.search}${address.hash}`;
    },
    chromeFlag: `--ignore-certificate-errors-spki-list=${spki}`,
    stop: () => stop(front),
  };
}
