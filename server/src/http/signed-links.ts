import { createHmac, timingSafeEqual } from 'node:crypto';

const LINK_TTL_S = 10 * 60;

/**
 * Signed, short-lived tokens for addresses fetched without our Authorization header (Telegram's
 * downloadFile, a plain browser link): the caller is checked when the link is made and the
 * signature carries that to the download. `purpose` keeps one kind of link from opening another;
 * every server process sharing the bot token accepts the others' links.
 */
export function createSignedLinks<T extends object>(
  botToken: string,
  purpose: string,
  /** How long a link works; a mailed one waits in an inbox for days. */
  ttlS = LINK_TTL_S,
) {
  const key = createHmac('sha256', purpose).update(botToken).digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    issue(content: T, now = Date.now()): string {
      const payload = Buffer.from(
        JSON.stringify({ ...content, exp: Math.floor(now / 1000) + ttlS }),
      ).toString('base64url');
      return `${payload}.${mac(payload)}`;
    },

    /** What a token carries, or undefined when it is forged, garbled or expired. */
    verify(token: string, now = Date.now()): T | undefined {
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length > 0) return undefined;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      const { exp, ...content } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      if (typeof exp !== 'number' || exp < now / 1000) return undefined;
      return content as T;
    },
  };
}
