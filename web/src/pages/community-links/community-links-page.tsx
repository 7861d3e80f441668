import { Header } from '@/components/layout/header';
import { Stack } from '@/components/ui/stack';
import { RoleGate } from '@/features/session/components/role-gate';
import { isAdmin } from '@/features/session/user-state';
import { Page } from '@/messenger/page';
import { CalendarLinksEditor } from './calendar-links-editor';
import { PhotoDirectoriesEditor } from './photo-directories-editor';
import { texts } from './texts';
import './community-links-page.css';

/** The admins' screen for the links of Calendar and Photo, so nobody edits the database by hand. */
export function CommunityLinksPage() {
  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        <RoleGate allows={isAdmin} refusal={texts.adminsOnly}>
          <p className="links-editor__intro">{texts.intro}</p>
          <CalendarLinksEditor />
          <PhotoDirectoriesEditor />
        </RoleGate>
      </Stack>
    </Page>
  );
}
