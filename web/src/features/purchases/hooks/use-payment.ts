import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { TStartPaymentResponse } from '#contract/purchases';
import { type TMeResponse, UserErrorCode } from '#contract/session';
import { paths } from '@/config/paths';
import { useOncePerPress } from '@/hooks/use-once-per-press';
import { ApiError, errorMessage } from '@/lib/api-client';
import { myCouponsKeys } from '@/lib/query-keys';
import { useNavigate } from '@/lib/router/router';
import { vibrateFor } from '@/messenger/haptics';
import { type PaymentSheet, type PaymentSheetOutcome, paymentSheet } from '@/messenger/payment-sheet';
import { writeAccess } from '@/messenger/write-access';
import { useStartPayment } from '../api/start-payment';
import { openPaymentPage } from '../open-payment-page';
import { purchaseTexts as texts } from '../texts';

/** The step before paying, as the payment uses it: features/privacy's `useCheckoutStep`. */
export type PaymentCheckout = {
  answers(): { consent: boolean; email: string | undefined } | undefined;
  giveConsent(): Promise<unknown>;
  takeRefusal(error: unknown): boolean;
  settle(): void;
};

export type PaymentOptions = {
  checkout: PaymentCheckout;
  /** Who pays (the session's user): only a member of the community chat may. */
  buyer: Pick<TMeResponse, 'username' | 'isChatMember'> | undefined;
  /**
   * The session's user as the server now holds it: the change taken at once, then asked again to
   * be sure; without a change, only asked again (a non-member may have joined the chat since).
   */
  refreshBuyer: (change?: Partial<Pick<TMeResponse, 'consentGiven' | 'email'>>) => void;
};

/** SPEC §4: the payment check opens 2.5 s after the payment page. */
const CHECK_PAY_DELAY_MS = 2500;

export type PaymentAttempt = { couponId: number } & (
  | { status: 'not_member'; message: string }
  | { status: 'starting' }
  | { status: 'opened' }
  /** The messenger's payment sheet is open over the screen. */
  | { status: 'invoice' }
  | { status: 'failed'; message: string }
);

const isNotChatMember = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === UserErrorCode.notChatMember;

/**
 * Paying for one offer (SPEC §4 Paying): only a member of the community chat may pay, once they
 * answered the checkout step (consent, the receipt's e-mail); the press acts once per chosen offer,
 * and only a failure lets it be pressed again.
 */
export function usePayment({ checkout, buyer, refreshBuyer }: PaymentOptions) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const startPayment = useStartPayment();
  const [attempt, setAttempt] = useState<PaymentAttempt | null>(null);
  const payPress = useOncePerPress();
  const checkPayTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(checkPayTimer.current), []);

  function fail(couponId: number, message: string) {
    payPress.release();
    setAttempt({ couponId, status: 'failed', message });
    vibrateFor('error');
  }

  function refuseNonMember(couponId: number, message: string) {
    setAttempt({ couponId, status: 'not_member', message });
    vibrateFor('error');
    // Whoever has just joined the chat is a member on the next press.
    refreshBuyer();
  }

  const pay = (couponId: number) => payPress.press(() => void startPaying(couponId));

  async function startPaying(couponId: number) {
    if (buyer?.isChatMember === false) {
      payPress.release();
      refuseNonMember(couponId, texts.notChatMember);
      return;
    }
    const answers = checkout.answers();
    if (!answers) {
      payPress.release();
      return;
    }
    setAttempt({ couponId, status: 'starting' });
    let started: TStartPaymentResponse;
    try {
      if (answers.consent) {
        await checkout.giveConsent();
        refreshBuyer({ consentGiven: true });
      }
      // The bot brings the coupon's news; a user who has not let it write is asked once, now.
      await writeAccess()?.askOnce();
      started = await startPayment.mutateAsync({ couponId, email: answers.email });
    } catch (error) {
      payPress.release();
      if (isNotChatMember(error)) refuseNonMember(couponId, error.message);
      else if (checkout.takeRefusal(error)) setAttempt(null);
      else fail(couponId, errorMessage(error));
      return;
    }
    if (answers.email) refreshBuyer({ email: answers.email });
    checkout.settle();

    const sheet = paymentSheet();
    if ('invoiceUrl' in started && sheet) {
      await payInSheet(sheet, couponId, started.invoiceUrl);
      return;
    }
    try {
      // Where the client has no payment sheet, an invoice link opened as a link shows it in the chat.
      openPaymentPage('paymentUrl' in started ? started.paymentUrl : started.invoiceUrl);
    } catch (error) {
      console.error('The messenger could not open the payment page', error);
      fail(couponId, texts.paymentNotOpened);
      return;
    }
    setAttempt({ couponId, status: 'opened' });
    const checkPayHref = paths.checkPay.getHref({
      couponId,
      customerUsername: buyer?.username ?? '',
      paymentId: started.paymentId,
    });
    checkPayTimer.current = setTimeout(() => navigate(checkPayHref), CHECK_PAY_DELAY_MS);
  }

  /**
   * The messenger's payment sheet (PAYMENT_PROVIDER=telegram). The server issues the coupon
   * when Telegram tells it of the payment, so «paid» here is only a hint to look at My QR, which
   * shows the QR as soon as the server has it: no «Оплата прошла?» question on this path.
   */
  async function payInSheet(sheet: PaymentSheet, couponId: number, invoiceUrl: string) {
    setAttempt({ couponId, status: 'invoice' });
    let status: PaymentSheetOutcome;
    try {
      status = await sheet.open(invoiceUrl);
    } catch (error) {
      console.error('The messenger could not open the invoice', error);
      fail(couponId, texts.paymentNotOpened);
      return;
    }
    switch (status) {
      case 'paid':
      case 'pending':
        if (status === 'paid') vibrateFor('success');
        // The sheet closed on a payment: My QR, opened next, asks for its list at once.
        void queryClient.invalidateQueries({ queryKey: myCouponsKeys.all });
        navigate(paths.myCoupons.getHref());
        return;
      case 'failed':
        fail(couponId, texts.invoiceFailed);
        return;
      default:
        // cancelled: the buyer closed the sheet, and may press again.
        payPress.release();
        setAttempt(null);
        return;
    }
  }

  /** Another offer chosen: its payment starts afresh. */
  function forget() {
    clearTimeout(checkPayTimer.current);
    payPress.release();
    setAttempt(null);
  }

  return { attempt, pay, forget };
}
