import { editionName } from '#contract/privacy';
import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { DocumentSections } from '@/components/ui/document-sections';
import { Loaded } from '@/components/ui/loaded';
import { Stack } from '@/components/ui/stack';
import { paths } from '@/config/paths';
import { usePrivacyInfo } from '@/features/privacy/api/get-privacy-info';
import { useDelayedNavigate } from '@/hooks/use-delayed-navigate';
import { Link } from '@/lib/router/link';
import { Page } from '@/messenger/page';
import { POLICY_SECTIONS } from './policy-sections';
import { texts } from './texts';
import './privacy-page.css';

/** The privacy policy (152-ФЗ), the operator's details filled in from the server's configuration. */
export function PrivacyPage() {
  const info = usePrivacyInfo();
  const { go, pendingTo } = useDelayedNavigate();
  const myDataHref = paths.myData.getHref();

  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        <p className="privacy__lead">
          {texts.myDataLead}{' '}
          <Link className="privacy__link" to={myDataHref}>
            {texts.myDataLink}
          </Link>
        </p>
        <Loaded query={info} failedAlways={texts.failed} className="state-line">
          {(operator) => (
            <article className="privacy">
              <p className="privacy__heading">{texts.heading}</p>
              <p className="privacy__edition">{texts.edition(editionName(operator.edition))}</p>
              <DocumentSections
                sections={POLICY_SECTIONS}
                context={operator}
                heading="h2"
                titleClassName="privacy__section-title"
              />
            </article>
          )}
        </Loaded>
        <Button variant="secondary" pressed={pendingTo === myDataHref} onClick={() => go(myDataHref)}>
          {texts.myData}
        </Button>
      </Stack>
    </Page>
  );
}
