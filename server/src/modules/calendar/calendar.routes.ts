import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminCalendarLink, ZCalendarLinkInput, ZCalendarLinksResponse } from '#contract/calendar';
import { adminCrudRoutes } from '../../http/admin-crud.routes.ts';
import { requireRole } from '../users/caller.ts';
import type { CalendarService } from './calendar.service.ts';

export const calendarRoutes: FastifyPluginAsyncZod<{ calendar: CalendarService }> = async (
  app,
  { calendar },
) => {
  app.get('/api/calendar/links', { schema: { response: { 200: ZCalendarLinksResponse } } }, async () =>
    calendar.listLinks(),
  );

  await app.register(
    adminCrudRoutes({
      path: '/api/admin/calendar-links',
      input: ZCalendarLinkInput,
      item: ZAdminCalendarLink,
      guard: requireRole('admin'),
      store: {
        list: () => calendar.listForAdmin(),
        add: (input) => calendar.addLink(input),
        update: (id, input) => calendar.updateLink(id, input),
        remove: (id) => calendar.removeLink(id),
      },
    }),
  );
};
