import { type FormEvent, useState } from 'react';
import { type CouponTermsField, couponTermsProblem, couponTermsTexts } from '#contract/coupon-terms';
import type { TCouponApplyRequest } from '#contract/coupons';
import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { LinkButton } from '@/components/ui/link-button';
import { Notice, useTimedMessage } from '@/components/ui/notice';
import { Stack } from '@/components/ui/stack';
import { paths } from '@/config/paths';
import { useApplyForCoupon } from '@/features/coupon-requests/api/apply-for-coupon';
import {
  limitProblems,
  limitsOf,
  NO_LIMITS,
  OfferLimitFields,
} from '@/features/coupon-requests/components/offer-limit-fields';
import { usePartnerOptions } from '@/features/partners/api/get-partner-options';
import { useUser } from '@/features/session/api/get-me';
import { RoleGate } from '@/features/session/components/role-gate';
import { isAdmin, isPartnerOrAdmin } from '@/features/session/user-state';
import { useDelayedNavigate } from '@/hooks/use-delayed-navigate';
import { typedWholeNumber } from '@/lib/typed-whole-number';
import { vibrateFor } from '@/messenger/haptics';
import { Page } from '@/messenger/page';
import { useMainButton } from '@/messenger/use-main-button';
import './add-coupon-page.css';
import { uiTexts } from '@/components/ui/texts';
import { texts } from './texts';

/** SPEC §9: the request's result shows for 2 s. */
const RESULT_SHOWN_MS = 2000;

type Result = { sent: true } | { sent: false; detail: string };

type Amounts = { price: number; discount: number };

/**
 * The price and discount as typed, or why not, at the field each reason is about. Kept as typed, not
 * cut to its digits: «99,90» would become 9 990 and «-5» 5, numbers nobody typed.
 */
function amountsOf(
  price: string,
  discount: string,
): { terms?: Amounts; problems: Partial<Record<CouponTermsField, string>> } {
  const typed = { price: typedWholeNumber(price), discount: typedWholeNumber(discount) };
  const problems: Partial<Record<CouponTermsField, string>> = {};
  if (price.trim() !== '' && typed.price === undefined) problems.price = couponTermsTexts.priceNotWhole;
  if (discount.trim() !== '' && typed.discount === undefined)
    problems.discount = couponTermsTexts.discountNotWhole;
  if (typed.price === undefined || typed.discount === undefined) return { problems };
  const problem = couponTermsProblem(typed.price, typed.discount);
  if (problem) return { problems: { [problem.field]: problem.message } };
  return { terms: { price: typed.price, discount: typed.discount }, problems };
}

/** A whole number of roubles: the digit keyboard, and what is typed kept as typed. */
function RublesField(props: {
  label: string;
  note: string;
  value: string;
  onValueChange: (text: string) => void;
  error: string | undefined;
}) {
  const { onValueChange, ...field } = props;
  return (
    <TextField
      {...field}
      inputMode="numeric"
      autoComplete="off"
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}

/** Add coupon (SPEC §2 Add coupon): a partner or an admin asks for a coupon to go on sale. */
export function AddCouponPage() {
  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        <RoleGate allows={isPartnerOrAdmin} refusal={texts.partnersOnly}>
          <AddCouponForm />
        </RoleGate>
      </Stack>
    </Page>
  );
}

function AddCouponForm() {
  const user = useUser();
  const partners = usePartnerOptions();
  const applyForCoupon = useApplyForCoupon();
  const [price, setPrice] = useState('');
  const [discount, setDiscount] = useState('');
  const [partnerId, setPartnerId] = useState('');
  const [limits, setLimits] = useState(NO_LIMITS);
  const [result, showResult] = useTimedMessage<Result>(RESULT_SHOWN_MS);
  const { go, pendingTo } = useDelayedNavigate();

  const options = partners.data;
  // A partner has one company: it is chosen for them.
  const onlyOption = options?.length === 1 ? options[0] : undefined;
  const chosenId = partnerId || (onlyOption ? String(onlyOption.id) : '');
  const chosen = options?.find((option) => String(option.id) === chosenId);
  // A request the server would refuse is not sent: the reason shows beside its field as one types.
  const { terms, problems } = amountsOf(price, discount);
  const limitsSendable = Object.keys(limitProblems(limits)).length === 0;
  const ready = terms !== undefined && limitsSendable && chosen !== undefined && user !== undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    send();
  }

  function send() {
    if (!ready || applyForCoupon.isPending) return;
    const requester: Pick<TCouponApplyRequest, 'partnerUsername' | 'adminUsername'> = isAdmin(user)
      ? { adminUsername: user.username }
      : { partnerUsername: user.username };
    applyForCoupon.mutate(
      {
        ...requester,
        companyName: chosen.companyName,
        partnerId: chosen.id,
        price: terms.price,
        discount: terms.discount,
        ...limitsOf(limits),
      },
      {
        onSuccess: () => {
          setPrice('');
          setDiscount('');
          setLimits(NO_LIMITS);
          showResult({ sent: true });
        },
        onError: (error) => {
          showResult({ sent: false, detail: error.message });
          vibrateFor('error');
        },
      },
    );
  }

  const requestsHref = paths.requestCoupons.getHref();
  const sendOnTelegram = useMainButton({
    text: texts.submit,
    onClick: send,
    enabled: ready,
    loading: applyForCoupon.isPending,
  });

  return (
    <form className="add-coupon" noValidate onSubmit={submit}>
      <RublesField
        label={texts.price}
        note={texts.priceNote}
        value={price}
        onValueChange={setPrice}
        error={problems.price}
      />
      <RublesField
        label={texts.discount}
        note={texts.discountNote}
        value={discount}
        onValueChange={setDiscount}
        error={problems.discount}
      />
      {terms && (
        <div className="add-coupon__terms" aria-live="polite">
          <p>{texts.gain(terms.price, terms.discount)}</p>
          <p>{texts.threshold(terms.discount)}</p>
        </div>
      )}
      <OfferLimitFields draft={limits} onChange={setLimits} />
      {options ? (
        <SelectField
          label={texts.partner}
          placeholder={texts.partnerPlaceholder}
          options={options.map((option) => ({
            value: String(option.id),
            label: `${option.companyName} · ${option.region}`,
          }))}
          value={chosenId}
          onValueChange={setPartnerId}
          note={options.length === 0 ? texts.noPartners : undefined}
        />
      ) : (
        // SPEC §4: until the list arrives the dropdown says so («Загрузка...», written with the one
        // ellipsis every screen's «Загрузка…» has), and it is asked for every 3 s.
        <SelectField
          label={texts.partner}
          placeholder={uiTexts.loading}
          options={[]}
          value=""
          onValueChange={setPartnerId}
          disabled
        />
      )}
      {!sendOnTelegram && (
        <Button
          busy={applyForCoupon.isPending && texts.sending}
          type="submit"
          disabled={!ready || applyForCoupon.isPending}
        >
          {texts.submit}
        </Button>
      )}
      {result &&
        (result.sent ? (
          <Notice tone="success">{texts.sent}</Notice>
        ) : (
          <Notice tone="error" detail={result.detail}>
            {texts.failed}
          </Notice>
        ))}
      {isAdmin(user) && (
        <LinkButton
          className="add-coupon__requests"
          disabled={pendingTo === requestsHref}
          onClick={() => go(requestsHref)}
        >
          {texts.requestList}
        </LinkButton>
      )}
    </form>
  );
}
