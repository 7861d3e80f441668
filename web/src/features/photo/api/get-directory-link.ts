import { ZDirectoryLinkResponse } from '#contract/photo';
import { api } from '@/lib/api';

export type DirectoryQuery = { region: string; month: number; organizer: string };

/**
 * The link of a photo directory, "" when there is none. Without an organizer the path has an
 * empty segment, /uri/{region}//{month}, as SPEC §7 writes it.
 */
export async function getDirectoryLink({ region, month, organizer }: DirectoryQuery): Promise<string> {
  const path = `/api/directory/uri/${encodeURIComponent(region)}/${encodeURIComponent(organizer)}/${month}`;
  const { link } = await api.get(path, ZDirectoryLinkResponse);
  return link;
}
