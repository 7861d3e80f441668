import { CheckboxField } from '@/components/ui/checkbox-field';
import { paths } from '@/config/paths';
import { Link } from '@/lib/router/link';
import { privacyTexts } from '../texts';

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
  return (
    <CheckboxField
      label={privacyTexts.consent}
      checked={checked}
      onChange={onChange}
      error={error}
      note={<Link to={paths.privacy.getHref()}>{privacyTexts.policyLink}</Link>}
    />
  );
}
