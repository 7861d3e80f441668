import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Stack } from '@/components/ui/stack';
import { isCalendarListLoaded, useCalendarLinks } from '@/features/calendar/api/get-calendar-links';
import { openExternalLink } from '@/telegram/open-external-link';
import { Page } from '@/telegram/page';
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
        {isCalendarListLoaded(links.data) ? (
          links.data.map(({ buttonText, link }) => (
            <Button key={`${buttonText}\n${link}`} onClick={() => openExternalLink(link)}>
              {buttonText}
            </Button>
          ))
        ) : (
          <p className="calendar__state">
            <Spinner label={texts.connecting} />
          </p>
        )}
        <p className="calendar__note">{texts.note}</p>
      </Stack>
    </Page>
  );
}
