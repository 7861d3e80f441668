import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { privacyTexts } from '../texts';
import './consent-box.css';

type ConsentBoxProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
};

/**
 * Consent to the privacy policy as an act of its own (152-ФЗ): a box the buyer ticks themselves,
 * never ticked for them, beside a link to the policy.
 */
export function ConsentBox({ checked, onChange, error }: ConsentBoxProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  return (
    <div className="consent-box" data-invalid={error ? true : undefined}>
      <label className="consent-box__label" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          className="consent-box__input"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={[noteId, error && errorId].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
        />
        <span>{privacyTexts.consent}</span>
      </label>
      <p className="consent-box__note" id={noteId}>
        {privacyTexts.consentNote}{' '}
        <Link className="consent-box__link" to={paths.privacy.getHref()}>
          {privacyTexts.policyLink}
        </Link>
      </p>
      {error && (
        <p className="consent-box__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
