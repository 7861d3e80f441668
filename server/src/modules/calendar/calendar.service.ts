import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TAdminCalendarLink, TCalendarLink, ZCalendarLinkInput } from '#contract/calendar';
import type { Db } from '../../db/client.ts';
import { calendarLinks } from '../../db/schema.ts';
import { DomainError } from '../../domain/domain-error.ts';
import type { CalendarRefusal } from './texts.ts';

type CalendarLinkInput = z.output<typeof ZCalendarLinkInput>;

const linkNotFound = () => new DomainError<CalendarRefusal>('calendar_link_not_found');

/** The calendars of SPEC §2 Calendar, kept by admins. */
export function createCalendarService(db: Db) {
  const adminColumns = {
    id: calendarLinks.id,
    buttonText: calendarLinks.buttonText,
    link: calendarLinks.link,
    position: calendarLinks.position,
  };
  const inOrder = [asc(calendarLinks.position), asc(calendarLinks.id)];

  async function listLinks(): Promise<TCalendarLink[]> {
    return db
      .select({ buttonText: calendarLinks.buttonText, link: calendarLinks.link })
      .from(calendarLinks)
      .orderBy(...inOrder);
  }

  async function listForAdmin(): Promise<TAdminCalendarLink[]> {
    return db
      .select(adminColumns)
      .from(calendarLinks)
      .orderBy(...inOrder);
  }

  async function addLink(input: CalendarLinkInput): Promise<TAdminCalendarLink> {
    const [row] = await db
      .insert(calendarLinks)
      .values({
        buttonText: input.buttonText,
        link: input.link,
        position:
          input.position ??
          sql`(SELECT coalesce(max(${calendarLinks.position}), 0) + 1 FROM ${calendarLinks})`,
      })
      .returning(adminColumns);
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async function updateLink(id: number, input: CalendarLinkInput): Promise<TAdminCalendarLink> {
    const [row] = await db
      .update(calendarLinks)
      .set({ buttonText: input.buttonText, link: input.link, position: input.position })
      .where(eq(calendarLinks.id, id))
      .returning(adminColumns);
    if (!row) throw linkNotFound();
    return row;
  }

  async function removeLink(id: number): Promise<void> {
    const [row] = await db
      .delete(calendarLinks)
      .where(eq(calendarLinks.id, id))
      .returning({ id: calendarLinks.id });
    if (!row) throw linkNotFound();
  }

  return { listLinks, listForAdmin, addLink, updateLink, removeLink };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
