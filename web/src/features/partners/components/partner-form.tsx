import { type FormEvent, useState } from 'react';
import {
  PARTNER_TEXT_LIMITS,
  PARTNER_TYPES,
  type TAddPartnerRequest,
  type TPartner,
  type TPartnerType,
} from '#contract/partners';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { LinkButton } from '@/components/ui/link-button';
import { Notice } from '@/components/ui/notice';
import { PhoneField } from '@/components/ui/phone-field';
import { Section } from '@/components/ui/section';
import { useOncePerPress } from '@/hooks/use-once-per-press';
import { errorMessage } from '@/lib/api-client';
import { vibrateFor } from '@/messenger/haptics';
import { useMainButton } from '@/messenger/use-main-button';
import {
  ALL_PARTNER_FIELDS,
  emptyPartnerForm,
  type FilledPartnerForm,
  hasErrors,
  isPartnerFormFilled,
  MAX_DISCOUNT_CONDITIONS,
  type PartnerField,
  type PartnerForm as PartnerFormState,
  partnerFormErrors,
  partnerFormOf,
  toAddPartnerRequest,
} from '../partner-form-state';
import { partnerFormTexts as texts } from '../texts';
import './partner-form.css';

type TextKey = 'region' | 'companyName' | 'address' | 'email' | 'username';
type Result = { saved: true } | { saved: false; detail: string };

const partnerTypeOptions = PARTNER_TYPES.map((type) => ({ value: type, label: type }));

type PartnerFormProps = {
  /** The partner being edited; without one the form adds a new partner and clears once it is added. */
  partner?: TPartner;
  /** Sends the form; rejects with the server's refusal. */
  save: (request: TAddPartnerRequest) => Promise<unknown>;
};

/** A partner's fields as SPEC §5 checks them: one form for adding a partner and for editing one. */
export function PartnerForm({ partner, save }: PartnerFormProps) {
  const modeTexts = partner ? texts.edit : texts.add;
  const [form, setForm] = useState(() => (partner ? partnerFormOf(partner) : emptyPartnerForm()));
  // An empty or malformed field is told once the user has left it or tried to send.
  const [checked, setChecked] = useState<ReadonlySet<PartnerField>>(new Set());
  const [result, setResult] = useState<Result | null>(null);
  const [saving, setSaving] = useState(false);
  const savePress = useOncePerPress();

  const errors = partnerFormErrors(form, checked);
  // Filled is enough to press: a press with something wrong sends nothing, and every field says what.
  const filled = isPartnerFormFilled(form);
  const check = (field: PartnerField) => setChecked((current) => new Set(current).add(field));

  const update = <K extends keyof PartnerFormState>(key: K, value: PartnerFormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const textProps = (key: TextKey) => ({
    value: form[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => update(key, event.target.value),
    onBlur: () => check(key),
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

  async function send(filledForm: FilledPartnerForm) {
    setSaving(true);
    try {
      await save(toAddPartnerRequest(filledForm));
      if (!partner) {
        setForm(emptyPartnerForm());
        setChecked(new Set());
      }
      setResult({ saved: true });
    } catch (error) {
      setResult({ saved: false, detail: errorMessage(error) });
      vibrateFor('error');
    } finally {
      setSaving(false);
      savePress.release();
    }
  }

  function trySave() {
    setChecked(ALL_PARTNER_FIELDS);
    if (!isPartnerFormFilled(form) || hasErrors(partnerFormErrors(form, ALL_PARTNER_FIELDS))) return;
    savePress.press(() => void send(form));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    trySave();
  }

  // Adding a partner is its screen's main action; an edit sits among others on the partners list.
  const saveOnTelegram = useMainButton(
    partner ? undefined : { text: modeTexts.submit, onClick: trySave, enabled: filled, loading: saving },
  );

  return (
    <form className="partner-form" noValidate onSubmit={submit}>
      <TextField
        label={texts.region}
        placeholder={texts.regionPlaceholder}
        note={texts.upTo(PARTNER_TEXT_LIMITS.region)}
        {...textProps('region')}
      />
      <TextField
        label={texts.companyName}
        note={texts.upTo(PARTNER_TEXT_LIMITS.companyName)}
        {...textProps('companyName')}
      />
      <SelectField
        label={texts.partnerType}
        placeholder={texts.partnerTypePlaceholder}
        options={partnerTypeOptions}
        value={form.partnerType}
        error={errors.partnerType}
        onValueChange={(value) => {
          update('partnerType', value as TPartnerType);
          check('partnerType');
        }}
      />
      <PhoneField
        label={texts.phone}
        value={form.phone}
        error={errors.phone}
        onValueChange={(phone) => update('phone', phone)}
        onBlur={() => check('phone')}
      />
      <TextField
        label={texts.address}
        note={texts.upTo(PARTNER_TEXT_LIMITS.address)}
        {...textProps('address')}
      />
      <TextField
        label={texts.email}
        type="email"
        inputMode="email"
        autoComplete="off"
        placeholder={texts.emailPlaceholder}
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
            error={errors.conditions[condition.key]}
            value={condition.text}
            onChange={(event) => updateCondition(condition.key, event.target.value)}
          />
        ))}
        {form.discountConditions.length < MAX_DISCOUNT_CONDITIONS && (
          <LinkButton onClick={addCondition}>{texts.addDiscountCondition}</LinkButton>
        )}
      </Section>

      {!saveOnTelegram && (
        <Button busy={saving && texts.sending} type="submit" disabled={!filled || saving}>
          {modeTexts.submit}
        </Button>
      )}
      {!filled && !result && <p className="partner-form__hint">{modeTexts.fillEverything}</p>}
      {result &&
        (result.saved ? (
          <Notice tone="success">{modeTexts.done}</Notice>
        ) : (
          <Notice tone="error" detail={result.detail}>
            {modeTexts.failed}
          </Notice>
        ))}
    </form>
  );
}
