import { Header } from '@/app/header';
import { Notice } from '@/components/ui/notice';
import { Stack } from '@/components/ui/stack';
import { useUser } from '@/features/session/api/get-me';
import { isAdmin } from '@/features/session/user-state';
import { Page } from '@/telegram/page';
import { CalendarLinksEditor } from './calendar-links-editor';
import { PhotoDirectoriesEditor } from './photo-directories-editor';
import { texts } from './texts';
import './community-links-page.css';

/** The admins' screen for the links of Calendar and Photo, so nobody edits the database by hand. */
export function CommunityLinksPage() {
  const user = useUser();

  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        {isAdmin(user) ? (
          <>
            <p className="links-editor__intro">{texts.intro}</p>
            <CalendarLinksEditor />
            <PhotoDirectoriesEditor />
          </>
        ) : (
          // Until the first start-up answer the role is unknown: nothing is said yet.
          user && <Notice tone="info">{texts.adminsOnly}</Notice>
        )}
      </Stack>
    </Page>
  );
}
