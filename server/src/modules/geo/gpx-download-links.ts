import { createHmac, timingSafeEqual } from 'node:crypto';

const LINK_TTL_S = 10 * 60;

export interface GpxDownload {
  userId: number;
  day: string;
  timeZone: string;
}

/**
 * Signed, short-lived addresses of GPX files. Telegram's downloadFile and a plain browser link
 * fetch a file by URL without our Authorization header, so the admin check happens when the link
 * is made and the signature carries it to the download. Any server process sharing the bot token
 * accepts the others' links.
 */
export function createGpxDownloadLinks(botToken: string) {
  const key = createHmac('sha256', 'gpx-download-link').update(botToken).digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    issue(download: GpxDownload, now = Date.now()): string {
      const payload = Buffer.from(
        JSON.stringify({ ...download, exp: Math.floor(now / 1000) + LINK_TTL_S }),
      ).toString('base64url');
      return `${payload}.${mac(payload)}`;
    },

    /** The download a token names, or undefined when it is forged, garbled or expired. */
    verify(token: string, now = Date.now()): GpxDownload | undefined {
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length > 0) return undefined;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      const { userId, day, timeZone, exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      if (typeof exp !== 'number' || exp < now / 1000) return undefined;
      return { userId, day, timeZone };
    },
  };
}

export type GpxDownloadLinks = ReturnType<typeof createGpxDownloadLinks>;
