import { useState } from 'react';
import { PrivacyErrorCode, ZReceiptEmail } from '#contract/privacy';
import type { TMeResponse } from '#contract/session';
import { ApiError } from '@/lib/api-client';
import { useGiveConsent } from '../api/give-consent';
import { privacyTexts } from '../texts';

/** What the step needs to know of the buyer (the session's user). */
export type CheckoutBuyer = Pick<TMeResponse, 'consentGiven' | 'receiptEmailRequired' | 'email'>;

/** What a payment goes out with once the buyer has answered the step. */
export type CheckoutAnswers = {
  /** Consent is to be recorded before the payment starts. */
  consent: boolean;
  /** The e-mail for the receipt given now; the server keeps the one it knows otherwise. */
  email: string | undefined;
};

/**
 * What the buy screen asks before a first purchase: consent to the privacy policy (a box the buyer
 * ticks), and with receipts on the e-mail for the receipt, asked until the server knows one. A buyer
 * who gave both before is asked nothing; the server's refusals bring back what it still lacks.
 */
export function useCheckoutStep(user: CheckoutBuyer | undefined) {
  const giveConsent = useGiveConsent();
  const [consentTicked, setConsentTicked] = useState(false);
  const [consentAskedByServer, setConsentAskedByServer] = useState(false);
  const [consentError, setConsentError] = useState<string>();
  // Null until typed in: the field shows the remembered e-mail until then.
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const [emailAskedByServer, setEmailAskedByServer] = useState(false);
  const [emailOpened, setEmailOpened] = useState(false);
  const [emailError, setEmailError] = useState<string>();

  const askConsent = consentAskedByServer || user?.consentGiven === false;
  const emailRequired = emailAskedByServer || (!!user?.receiptEmailRequired && !user.email);
  const emailShown = emailRequired || emailOpened;
  const email = typedEmail ?? user?.email ?? '';
  const knownEmail = user?.receiptEmailRequired && !emailShown ? (user.email ?? undefined) : undefined;

  /** The buyer's answers, or undefined (and the reason at its field) when one is missing or wrong. */
  function answers(): CheckoutAnswers | undefined {
    const consentMissing = askConsent && !consentTicked;
    setConsentError(consentMissing ? privacyTexts.consentMissing : undefined);

    let emailGiven: string | undefined;
    let emailProblem: string | undefined;
    if (emailShown && (emailRequired || email.trim() !== '')) {
      const parsed = ZReceiptEmail.safeParse(email);
      if (parsed.success) emailGiven = parsed.data;
      else emailProblem = parsed.error.issues[0]?.message;
    }
    setEmailError(emailProblem);

    if (consentMissing || emailProblem) return undefined;
    return { consent: askConsent, email: emailGiven };
  }

  /** Takes a refusal the step answers for; false when it is about something else. */
  function takeRefusal(error: unknown): boolean {
    if (!(error instanceof ApiError)) return false;
    if (error.code === PrivacyErrorCode.consentRequired) {
      setConsentAskedByServer(true);
      setConsentTicked(false);
      setConsentError(error.message);
      return true;
    }
    if (error.code === PrivacyErrorCode.emailRequired) {
      setEmailAskedByServer(true);
      setEmailError(error.message);
      return true;
    }
    return false;
  }

  /** The payment started: the server now holds the consent and the e-mail. */
  function settle() {
    setConsentAskedByServer(false);
    setEmailAskedByServer(false);
    setEmailOpened(false);
    setTypedEmail(null);
  }

  return {
    consent: askConsent
      ? {
          checked: consentTicked,
          error: consentError,
          onChange: (checked: boolean) => {
            setConsentTicked(checked);
            if (checked) setConsentError(undefined);
          },
        }
      : undefined,
    email: emailShown
      ? {
          value: email,
          error: emailError,
          onChange: (value: string) => {
            setTypedEmail(value);
            setEmailError(undefined);
          },
        }
      : undefined,
    knownEmail: knownEmail ? { email: knownEmail, onChange: () => setEmailOpened(true) } : undefined,
    answers,
    /** Records the consent the buyer ticked, before the payment starts. */
    giveConsent: () => giveConsent.mutateAsync(),
    takeRefusal,
    settle,
  };
}

export type CheckoutStep = ReturnType<typeof useCheckoutStep>;
