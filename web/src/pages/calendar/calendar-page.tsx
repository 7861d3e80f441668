import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { Loaded } from '@/components/ui/loaded';
import { Stack } from '@/components/ui/stack';
import { isCalendarListLoaded, useCalendarLinks } from '@/features/calendar/api/get-calendar-links';
import { openExternalLink } from '@/messenger/links';
import { Page } from '@/messenger/page';
import { texts } from './texts';
import './calendar-page.css';

/** Water-trip calendar (SPEC §2 Calendar): a button per calendar, opened through Telegram. */
export function CalendarPage() {
  const links = useCalendarLinks();

  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        <p className="calendar__intro">{texts.intro}</p>
        {/* SPEC §5: a list of one calendar or none is not loaded yet; the 5 s poll asks again. */}
        <Loaded
          query={{ ...links, data: isCalendarListLoaded(links.data) ? links.data : undefined }}
          loading={texts.connecting}
          connecting={texts.connecting}
          className="calendar__state"
        >
          {(calendars) =>
            calendars.map(({ buttonText, link }) => (
              <Button key={`${buttonText}\n${link}`} onClick={() => openExternalLink(link)}>
                {buttonText}
              </Button>
            ))
          }
        </Loaded>
        <p className="calendar__note">{texts.note}</p>
      </Stack>
    </Page>
  );
}
