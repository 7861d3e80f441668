import { type FormEvent, useState } from 'react';
import { PARTNER_TYPES, type TPartnerType } from '#contract/partners';
import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { LinkButton } from '@/components/ui/link-button';
import { Notice } from '@/components/ui/notice';
import { PhoneField } from '@/components/ui/phone-field';
import { Section } from '@/components/ui/section';
import { Spinner } from '@/components/ui/spinner';
import { Stack } from '@/components/ui/stack';
import { useAddPartner } from '@/features/partners/api/add-partner';
import { RoleGate } from '@/features/session/components/role-gate';
import { isAdmin } from '@/features/session/user-state';
import { Page } from '@/telegram/page';
import {
  emptyPartnerForm,
  isEmailValid,
  isPartnerFormFilled,
  MAX_DISCOUNT_CONDITIONS,
  type PartnerForm,
  toAddPartnerRequest,
} from './partner-form';
import './add-partner-page.css';
import { texts } from './texts';

type TextKey = 'region' | 'companyName' | 'address' | 'email' | 'username';
type Result = { added: true } | { added: false; detail: string };

const partnerTypeOptions = PARTNER_TYPES.map((type) => ({ value: type, label: type }));

/** Add partner (SPEC §2 Add partner): an admin registers a company and its spokesman. */
export function AddPartnerPage() {
  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        <RoleGate allows={isAdmin} refusal={texts.adminsOnly}>
          <AddPartnerForm />
        </RoleGate>
      </Stack>
    </Page>
  );
}

function AddPartnerForm() {
  const [form, setForm] = useState(emptyPartnerForm);
  // The email is judged once the user has left the field or tried to send.
  const [emailChecked, setEmailChecked] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const addPartner = useAddPartner();

  const filled = isPartnerFormFilled(form);
  const emailError = emailChecked && form.email.trim() !== '' && !isEmailValid(form.email);

  const update = <K extends keyof PartnerForm>(key: K, value: PartnerForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const textProps = (key: TextKey) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => update(key, event.target.value),
  });

  function updateCondition(key: number, text: string) {
    update(
      'discountConditions',
      form.discountConditions.map((condition) => (condition.key === key ? { key, text } : condition)),
    );
  }

  function addCondition() {
    const nextKey = Math.max(...form.discountConditions.map(({ key }) => key)) + 1;
    update('discountConditions', [...form.discountConditions, { key: nextKey, text: '' }]);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setEmailChecked(true);
    if (!isPartnerFormFilled(form) || !isEmailValid(form.email) || addPartner.isPending) return;
    addPartner.mutate(toAddPartnerRequest(form), {
      onSuccess: () => {
        setForm(emptyPartnerForm());
        setEmailChecked(false);
        setResult({ added: true });
      },
      onError: (error) => setResult({ added: false, detail: error.message }),
    });
  }

  return (
    <form className="add-partner" noValidate onSubmit={submit}>
      <TextField label={texts.region} placeholder={texts.regionPlaceholder} {...textProps('region')} />
      <TextField label={texts.companyName} {...textProps('companyName')} />
      <SelectField
        label={texts.partnerType}
        placeholder={texts.partnerTypePlaceholder}
        options={partnerTypeOptions}
        value={form.partnerType}
        onValueChange={(value) => update('partnerType', value as TPartnerType)}
      />
      <PhoneField label={texts.phone} value={form.phone} onValueChange={(phone) => update('phone', phone)} />
      <TextField label={texts.address} {...textProps('address')} />
      <TextField
        label={texts.email}
        type="email"
        inputMode="email"
        autoComplete="off"
        placeholder={texts.emailPlaceholder}
        error={emailError ? texts.badEmail : undefined}
        onBlur={() => setEmailChecked(true)}
        {...textProps('email')}
      />
      <TextField
        label={texts.username}
        placeholder="@username"
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        note={texts.usernameNote}
        {...textProps('username')}
      />

      <Section title={texts.discountConditions}>
        {form.discountConditions.map((condition, index) => (
          <TextField
            key={condition.key}
            label={texts.discountCondition(index + 1)}
            value={condition.text}
            onChange={(event) => updateCondition(condition.key, event.target.value)}
          />
        ))}
        {form.discountConditions.length < MAX_DISCOUNT_CONDITIONS && (
          <LinkButton onClick={addCondition}>{texts.addDiscountCondition}</LinkButton>
        )}
      </Section>

      <Button type="submit" disabled={!filled || addPartner.isPending}>
        {addPartner.isPending ? <Spinner label={texts.sending} /> : texts.submit}
      </Button>
      {!filled && !result && <p className="add-partner__hint">{texts.fillEverything}</p>}
      {result &&
        (result.added ? (
          <Notice tone="success">{texts.added}</Notice>
        ) : (
          <Notice tone="error" detail={result.detail}>
            {texts.failed}
          </Notice>
        ))}
    </form>
  );
}
