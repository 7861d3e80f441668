import { Header } from '@/components/layout/header';
import { Stack } from '@/components/ui/stack';
import { OfferText } from '@/features/offer/components/offer-text';
import { Page } from '@/telegram/page';
import { texts } from './texts';

/** The public offer as a page (SPEC §1, route /offer). */
export function OfferPage() {
  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        <OfferText sectionHeading="h2" />
      </Stack>
    </Page>
  );
}
