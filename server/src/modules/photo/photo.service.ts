import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { compareRu } from '#contract/collation';
import { PhotoErrorCode, type TPhotoDirectory, type ZPhotoDirectoryInput } from '#contract/photo';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { photoDirectories } from '../../db/schema.ts';
import { DomainError } from '../../domain/domain-error.ts';
import type { PhotoRefusal } from './texts.ts';

type PhotoDirectoryInput = z.output<typeof ZPhotoDirectoryInput>;

const directoryNotFound = () => new DomainError<PhotoRefusal>('photo_directory_not_found');

const nonEmpty = (value: string | null): value is string => !!value && value.trim() !== '';

// Regions and organizers are compared as the unique index compares them: ignoring case.
const sameRegion = (region: string): SQL => sql`lower(${photoDirectories.region}) = lower(${region})`;
const sameOrganizer = (organizer: string | null): SQL =>
  sql`lower(coalesce(${photoDirectories.organizer}, '')) = lower(${organizer ?? ''})`;

/** Photo directories by region/spot, month and optional organizer (SPEC §2 Photo exchange). */
export function createPhotoService(db: Db) {
  async function listRegions(): Promise<string[]> {
    const rows = await db.selectDistinct({ region: photoDirectories.region }).from(photoDirectories);
    return rows
      .map((row) => row.region)
      .filter(nonEmpty)
      .sort(compareRu);
  }

  async function listOrganizers(region: string, month: number): Promise<string[]> {
    const rows = await db
      .selectDistinct({ organizer: photoDirectories.organizer })
      .from(photoDirectories)
      .where(
        and(sameRegion(region), eq(photoDirectories.month, month), isNotNull(photoDirectories.organizer)),
      );
    return rows
      .map((row) => row.organizer)
      .filter(nonEmpty)
      .sort(compareRu);
  }

  /** The directory's link, or "" when there is none (the spec's empty answer). */
  async function findLink(region: string, month: number, organizer: string | null): Promise<string> {
    const [row] = await db
      .select({ link: photoDirectories.link })
      .from(photoDirectories)
      .where(and(sameRegion(region), eq(photoDirectories.month, month), sameOrganizer(organizer)))
      .limit(1);
    return row?.link ?? '';
  }

  const columns = {
    id: photoDirectories.id,
    region: photoDirectories.region,
    month: photoDirectories.month,
    organizer: photoDirectories.organizer,
    link: photoDirectories.link,
  };

  async function listForAdmin(): Promise<TPhotoDirectory[]> {
    const rows = await db.select(columns).from(photoDirectories);
    return rows.sort(
      (a, b) =>
        compareRu(a.region, b.region) || a.month - b.month || compareRu(a.organizer ?? '', b.organizer ?? ''),
    );
  }

  /** The unique index allows one directory per region, month and organizer. */
  async function refusingDuplicates<T>(input: PhotoDirectoryInput, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const { region, month, organizer } = input;
      throw new DomainError<PhotoRefusal>(PhotoErrorCode.directoryExists, {
        region,
        month,
        organizer: organizer ?? '',
      });
    }
  }

  async function addDirectory(input: PhotoDirectoryInput): Promise<TPhotoDirectory> {
    const [row] = await refusingDuplicates(input, () =>
      db.insert(photoDirectories).values(input).returning(columns),
    );
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async function updateDirectory(id: number, input: PhotoDirectoryInput): Promise<TPhotoDirectory> {
    const [row] = await refusingDuplicates(input, () =>
      db.update(photoDirectories).set(input).where(eq(photoDirectories.id, id)).returning(columns),
    );
    if (!row) throw directoryNotFound();
    return row;
  }

  async function removeDirectory(id: number): Promise<void> {
    const [row] = await db
      .delete(photoDirectories)
      .where(eq(photoDirectories.id, id))
      .returning({ id: photoDirectories.id });
    if (!row) throw directoryNotFound();
  }

  return {
    listRegions,
    listOrganizers,
    findLink,
    listForAdmin,
    addDirectory,
    updateDirectory,
    removeDirectory,
  };
}

export type PhotoService = ReturnType<typeof createPhotoService>;
