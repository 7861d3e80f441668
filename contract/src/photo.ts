import { z } from 'zod';
import { ZHttpsLink } from './calendar.ts';
import { wholeNumber } from './ids.ts';

/** SPEC §3 Months: the rafting season, in this order. */
export const PHOTO_MONTHS = [
  { label: 'Июль', value: 7 },
  { label: 'Август', value: 8 },
  { label: 'Сентябрь', value: 9 },
  { label: 'Октябрь', value: 10 },
] as const;

const MONTH_MESSAGE = 'Месяц: число от 7 (июль) до 10 (октябрь)';

/** A month as a path segment ("7") or a JSON number. */
export const ZPhotoMonth = wholeNumber(
  z.number({ message: MONTH_MESSAGE }).int(MONTH_MESSAGE).min(7, MONTH_MESSAGE).max(10, MONTH_MESSAGE),
);

export const ZPhotoRegion = z
  .string({ message: 'Укажите регион или спот' })
  .trim()
  .min(1, 'Укажите регион или спот')
  .max(100, 'Регион длиннее 100 символов');

/** An organizer; an empty one means "no organizer" (the directory of the whole region and month). */
export const ZPhotoOrganizer = z
  .string()
  .trim()
  .max(120, 'Организатор длиннее 120 символов')
  .nullish()
  .transform((value) => value || null);

export const ZPhotoRegionsResponse = z.array(z.string());
export const ZPhotoOrganizersResponse = z.array(z.string());

/** GET /api/directory/uri/…: `link` is "" when there is no such directory (SPEC §5). */
export const ZDirectoryLinkResponse = z.object({ link: z.string() });
export type TDirectoryLinkResponse = z.infer<typeof ZDirectoryLinkResponse>;

export const ZPhotoDirectoryInput = z.object({
  region: ZPhotoRegion,
  month: ZPhotoMonth,
  organizer: ZPhotoOrganizer,
  link: ZHttpsLink,
});
export type TPhotoDirectoryInput = z.input<typeof ZPhotoDirectoryInput>;

export const ZPhotoDirectory = z.object({
  id: z.number().int(),
  region: z.string(),
  month: z.number().int(),
  organizer: z.string().nullable(),
  link: z.string(),
});
export type TPhotoDirectory = z.infer<typeof ZPhotoDirectory>;
export const ZPhotoDirectoriesResponse = z.array(ZPhotoDirectory);

/** The `error` code of a second directory for the same region, month and organizer. */
export const PhotoErrorCode = { directoryExists: 'directory_exists' } as const;
