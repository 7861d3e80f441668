import { Header } from '@/components/layout/header';
import { Stack } from '@/components/ui/stack';
import { paths } from '@/config/paths';
import { OfferText } from '@/features/public-offer/components/offer-text';
import { Link } from '@/lib/router/link';
import { Page } from '@/messenger/page';
import { texts } from './texts';
import './offer-page.css';

/** The public offer as a page (SPEC §1, route /offer). */
export function OfferPage() {
  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        <OfferText sectionHeading="h2" />
        <p className="offer-page__privacy">
          <Link to={paths.privacy.getHref()}>{texts.privacy}</Link>
        </p>
      </Stack>
    </Page>
  );
}
