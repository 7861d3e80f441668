import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Stack } from '@/components/ui/stack';
import { paths } from '@/config/paths';
import { useConfirmPurchase } from '@/features/purchases/api/confirm-purchase';
import { useBadPaymentFlag } from '@/features/purchases/bad-payment-flag';
import { useUser } from '@/features/session/api/get-me';
import { useGoBack } from '@/hooks/use-go-back';
import { useOncePerPress } from '@/hooks/use-once-per-press';
import { useNavigate, useSearchParams } from '@/lib/router/router';
import { vibrateFor } from '@/messenger/haptics';
import { Page } from '@/messenger/page';
import './check-pay-page.css';
import { texts } from './texts';

/** CheckPay (SPEC §2 Payment check, §4 CheckPay); query couponId, customerUsername, paymentId. */
export function CheckPayPage() {
  const [searchParams] = useSearchParams();
  const user = useUser();
  const couponId = searchParams.get('couponId');
  const customerUsername = searchParams.get('customerUsername') ?? user?.username;
  const paymentId = searchParams.get('paymentId') ?? undefined;

  const navigate = useNavigate();
  const goBack = useGoBack();
  const { setBadPayment } = useBadPaymentFlag();
  // «Да» acts once: a second tap while the check runs, or after it went through, does nothing.
  const yesPress = useOncePerPress();

  const confirmation = useConfirmPurchase({
    onSuccess: ({ purchasedCouponId }) => {
      vibrateFor('success');
      navigate(paths.myCoupons.getHref(purchasedCouponId), { replace: true });
    },
    // A payment not through (yet) keeps the buyer here, told so: one who has just paid presses again.
    onError: () => {
      yesPress.release();
      vibrateFor('error');
    },
  });

  const answerYes = () => {
    if (!couponId || !customerUsername) return;
    yesPress.press(() => confirmation.mutate({ couponId, customerUsername, paymentId }));
  };

  const answerNo = () => {
    setBadPayment(texts.tryPayingAgain);
    goBack();
  };

  const failure = confirmation.error;
  const busy = confirmation.isPending || confirmation.isSuccess;

  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        <p className="check-pay__question">{texts.question}</p>
        {!couponId && <Notice tone="error">{texts.noCoupon}</Notice>}
        {failure && <Notice tone="error">{failure.message}</Notice>}
        <Button
          busy={busy && texts.checking}
          onClick={answerYes}
          disabled={!couponId || !customerUsername || busy}
        >
          {texts.yes}
        </Button>
        <Button variant="secondary" onClick={answerNo} disabled={busy}>
          {texts.no}
        </Button>
      </Stack>
    </Page>
  );
}
