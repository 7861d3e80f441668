import { type Core, manifest } from '../manifest.ts';
import { calendarRoutes } from './calendar.routes.ts';
import { createCalendarService } from './calendar.service.ts';
import { calendarRefusals } from './texts.ts';

/** The water-trip calendars' links. */
export const calendarManifest = manifest({
  name: 'calendar',
  refusals: calendarRefusals,
  make: ({ db }: Pick<Core, 'db'>) => {
    const calendar = createCalendarService(db);
    return { routes: (api) => api.register(calendarRoutes, { calendar }) };
  },
});
