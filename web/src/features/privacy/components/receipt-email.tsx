import { TextField } from '@/components/ui/field';
import { LinkButton } from '@/components/ui/link-button';
import { privacyTexts } from '../texts';
import './receipt-email.css';

type ReceiptEmailFieldProps = {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
};

/** The buyer's e-mail for the fiscal receipt (54-ФЗ), asked once and remembered by the server. */
export function ReceiptEmailField({ value, onChange, error }: ReceiptEmailFieldProps) {
  return (
    <TextField
      label={privacyTexts.email}
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      placeholder={privacyTexts.emailPlaceholder}
      note={privacyTexts.emailNote}
      error={error}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** The remembered e-mail, with the way to change it. */
export function ReceiptEmailKnown({ email, onChange }: { email: string; onChange: () => void }) {
  return (
    <p className="receipt-email">
      <span className="receipt-email__to">
        {privacyTexts.receiptTo} <b>{email}</b>
      </span>
      <LinkButton className="receipt-email__change" onClick={onChange}>
        {privacyTexts.changeEmail}
      </LinkButton>
    </p>
  );
}
