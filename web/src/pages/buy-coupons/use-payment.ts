import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { UserErrorCode } from '#contract/session';
import { paths } from '@/config/paths';
import { useStartPayment } from '@/features/purchases/api/start-payment';
import { openPaymentPage } from '@/features/purchases/open-payment-page';
import { getMeQueryOptions, useUser } from '@/features/session/api/get-me';
import { useOncePerPress } from '@/hooks/use-once-per-press';
import { ApiError } from '@/lib/api-client';
import { texts } from './texts';

/** SPEC §4: the payment check opens 2.5 s after the payment page. */
const CHECK_PAY_DELAY_MS = 2500;

export type PaymentAttempt = { couponId: number } & (
  | { status: 'not_member'; message: string }
  | { status: 'starting' }
  | { status: 'opened' }
  | { status: 'failed'; message: string }
);

const isNotChatMember = (error: Error) =>
  error instanceof ApiError && error.code === UserErrorCode.notChatMember;

/**
 * Paying for one offer (SPEC §4 Paying): only a member of the community chat may pay; the press
 * acts once per chosen offer, and only a failure lets it be pressed again.
 */
export function usePayment() {
  const user = useUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const startPayment = useStartPayment();
  const [attempt, setAttempt] = useState<PaymentAttempt | null>(null);
  const payPress = useOncePerPress();
  const checkPayTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(checkPayTimer.current), []);

  function refuseNonMember(couponId: number, message: string) {
    setAttempt({ couponId, status: 'not_member', message });
    // Whoever has just joined the chat is a member on the next press.
    void queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey });
  }

  const pay = (couponId: number) => payPress.press(() => startPaying(couponId));

  function startPaying(couponId: number) {
    if (user?.isChatMember === false) {
      payPress.release();
      refuseNonMember(couponId, texts.notChatMember);
      return;
    }
    setAttempt({ couponId, status: 'starting' });
    startPayment.mutate(couponId, {
      onSuccess: (started) => {
        const { paymentId } = started;
        try {
          // An invoice link (PAYMENT_PROVIDER=telegram) opened as a link shows Telegram's sheet too.
          openPaymentPage('paymentUrl' in started ? started.paymentUrl : started.invoiceUrl);
        } catch (error) {
          console.error('Telegram could not open the payment page', error);
          payPress.release();
          setAttempt({ couponId, status: 'failed', message: texts.paymentNotOpened });
          return;
        }
        setAttempt({ couponId, status: 'opened' });
        const checkPayHref = paths.checkPay.getHref({
          couponId,
          customerUsername: user?.username ?? '',
          paymentId,
        });
        checkPayTimer.current = setTimeout(() => navigate(checkPayHref), CHECK_PAY_DELAY_MS);
      },
      onError: (error) => {
        payPress.release();
        if (isNotChatMember(error)) refuseNonMember(couponId, error.message);
        else setAttempt({ couponId, status: 'failed', message: error.message });
      },
    });
  }

  /** Another offer chosen: its payment starts afresh. */
  function forget() {
    clearTimeout(checkPayTimer.current);
    payPress.release();
    setAttempt(null);
  }

  return { attempt, pay, forget };
}
