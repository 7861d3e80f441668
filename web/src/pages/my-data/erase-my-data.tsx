import { useState } from 'react';
import { PrivacyErrorCode, type TMyData } from '#contract/privacy';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { InView } from '@/components/ui/in-view';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { useEraseMe } from '@/features/privacy/api/erase-me';
import { ApiError, errorMessage } from '@/lib/api-client';
import { ErasedData } from './erased-data';
import { texts } from './texts';

type EraseMyDataProps = {
  coupons: TMyData['coupons'];
  onErased: () => void;
};

/**
 * «Удалить мои данные»: a second press confirms, and unused coupons are named and given up by a
 * box of their own before the server is asked.
 */
export function EraseMyData({ coupons, onErased }: EraseMyDataProps) {
  const erase = useEraseMe();
  const [asking, setAsking] = useState(false);
  const [givenUp, setGivenUp] = useState(false);
  const [giveUpError, setGiveUpError] = useState<string>();
  const unused = coupons.filter((coupon) => coupon.status === 'NOT_USED');

  function cancel() {
    setAsking(false);
    setGivenUp(false);
    setGiveUpError(undefined);
    erase.reset();
  }

  function confirm() {
    if (unused.length > 0 && !givenUp) {
      setGiveUpError(texts.giveUpMissing);
      return;
    }
    erase.mutate(unused.length > 0 ? { giveUpCoupons: true } : undefined, {
      onSuccess: onErased,
      onError: (error) => {
        // A coupon arrived meanwhile (a gift): the list comes again, and its box must be ticked anew.
        if (error instanceof ApiError && error.code === PrivacyErrorCode.unusedCoupons) setGivenUp(false);
      },
    });
  }

  return (
    <Section title={texts.erase}>
      <ErasedData lead={texts.eraseGoes} />
      <p className="my-data__summary">{texts.eraseKept}</p>
      {!asking ? (
        <Button variant="secondary" className="my-data__erase" onClick={() => setAsking(true)}>
          {texts.eraseButton}
        </Button>
      ) : (
        <InView className="my-data__confirm">
          <p className="my-data__sure">{texts.eraseSure}</p>
          {unused.length > 0 && (
            <>
              <p className="my-data__summary">{texts.unusedCoupons}</p>
              <ul className="my-data__unused" aria-label={texts.unusedList}>
                {unused.map((coupon) => (
                  <li key={coupon.id}>{texts.couponLine(coupon.companyName, coupon.discount)}</li>
                ))}
              </ul>
              <CheckboxField
                label={texts.giveUp}
                checked={givenUp}
                error={giveUpError}
                onChange={(checked) => {
                  setGivenUp(checked);
                  if (checked) setGiveUpError(undefined);
                }}
              />
            </>
          )}
          {erase.isError && <Notice tone="error">{errorMessage(erase.error)}</Notice>}
          <Button
            busy={erase.isPending && texts.erasing}
            className="my-data__erase-confirm"
            onClick={confirm}
          >
            {texts.eraseConfirm}
          </Button>
          <Button variant="secondary" disabled={erase.isPending} onClick={cancel}>
            {texts.cancel}
          </Button>
        </InView>
      )}
    </Section>
  );
}
