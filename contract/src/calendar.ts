import { z } from 'zod';

/** A link people open from the app: https only, so nothing else (javascript:, http:) reaches a button. */
export const ZHttpsLink = z
  .string({ message: 'Укажите ссылку' })
  .trim()
  .max(2000, 'Ссылка длиннее 2000 символов')
  .pipe(z.url({ protocol: /^https$/, message: 'Ссылка должна начинаться с https://' }));

/** SPEC §3 Calendar entry, as GET /api/calendar/links answers it. */
export const ZCalendarLink = z.object({ buttonText: z.string(), link: z.string() });
export type TCalendarLink = z.infer<typeof ZCalendarLink>;
export const ZCalendarLinksResponse = z.array(ZCalendarLink);

/** A calendar as an admin keeps it; `position` orders the buttons. */
export const ZAdminCalendarLink = ZCalendarLink.extend({
  id: z.number().int(),
  position: z.number().int(),
});
export type TAdminCalendarLink = z.infer<typeof ZAdminCalendarLink>;
export const ZAdminCalendarLinksResponse = z.array(ZAdminCalendarLink);

export const ZCalendarLinkInput = z.object({
  buttonText: z
    .string({ message: 'Укажите текст кнопки' })
    .trim()
    .min(1, 'Укажите текст кнопки')
    .max(64, 'Текст кнопки длиннее 64 символов'),
  link: ZHttpsLink,
  /** Without it a new calendar goes last and an edited one keeps its place. */
  position: z.number().int().min(0).max(10_000).optional(),
});
export type TCalendarLinkInput = z.input<typeof ZCalendarLinkInput>;
