import { editionName } from '#contract/privacy';
import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Stack } from '@/components/ui/stack';
import { paths } from '@/config/paths';
import { usePrivacyInfo } from '@/features/privacy/api/get-privacy-info';
import { useDelayedNavigate } from '@/hooks/use-delayed-navigate';
import { Link } from '@/lib/router/link';
import { Page } from '@/telegram/page';
import { POLICY_SECTIONS } from './policy-sections';
import { texts } from './texts';
import './privacy-page.css';
import { uiTexts } from '@/components/ui/texts';

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
        {!info.data ? (
          <Notice tone={info.isError ? 'error' : 'info'}>
            {info.isError ? texts.failed : uiTexts.loading}
          </Notice>
        ) : (
          <article className="privacy">
            <p className="privacy__heading">{texts.heading}</p>
            <p className="privacy__edition">{texts.edition(editionName(info.data.edition))}</p>
            {POLICY_SECTIONS.map((section) => (
              <section key={section.title}>
                <h2 className="privacy__section-title">{section.title}</h2>
                {section.paragraphs
                  .map((paragraph) => paragraph(info.data))
                  .filter(Boolean)
                  .map((text) => (
                    <p key={text}>{text}</p>
                  ))}
              </section>
            ))}
          </article>
        )}
        <Button variant="secondary" pressed={pendingTo === myDataHref} onClick={() => go(myDataHref)}>
          {texts.myData}
        </Button>
      </Stack>
    </Page>
  );
}
