import type { TPartnerOption } from '#contract/partners';
import { SelectField } from '@/components/ui/field';
import './partner-picker.css';

type PartnerPickerProps = {
  label: string;
  placeholder: string;
  options: readonly TPartnerOption[];
  value: number | undefined;
  onChange: (partnerId: number) => void;
};

/**
 * Which partner a screen is about. One company needs no choice: its name is shown instead. The
 * region goes beside the name, as two regions may each have a company of that name.
 */
export function PartnerPicker({ label, placeholder, options, value, onChange }: PartnerPickerProps) {
  const [only] = options;
  if (options.length === 1 && only) return <p className="partner-picker__only">{only.companyName}</p>;
  return (
    <SelectField
      label={label}
      placeholder={placeholder}
      options={options.map(({ id, companyName, region }) => ({
        value: String(id),
        label: `${companyName} · ${region}`,
      }))}
      value={value === undefined ? '' : String(value)}
      onValueChange={(id) => onChange(Number(id))}
    />
  );
}
