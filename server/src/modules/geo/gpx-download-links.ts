import { createSignedLinks } from '../../http/signed-links.ts';

export interface GpxDownload {
  userId: number;
  day: string;
  timeZone: string;
}

/** Signed, short-lived addresses of GPX files (http/signed-links.ts). */
export const createGpxDownloadLinks = (botToken: string) =>
  createSignedLinks<GpxDownload>(botToken, 'gpx-download-link');

export type GpxDownloadLinks = ReturnType<typeof createGpxDownloadLinks>;
