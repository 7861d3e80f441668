import type { ReactNode } from 'react';
import type { TPartnerOption } from '#contract/partners';
import { SelectField } from '@/components/ui/field';
import { Loaded, type LoadedQuery } from '@/components/ui/loaded';
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

type PartnerChoiceProps = {
  /** The partners the caller may see, as asked. */
  options: LoadedQuery<TPartnerOption[]>;
  /** The one shown (`useChosenPartner`), and how another is chosen. */
  chosen: TPartnerOption | undefined;
  onChoose: (partnerId: number) => void;
  texts: { noPartners: string; partner: string; partnerPlaceholder: string };
  /** The class of the line that says the partners are loading, or that there are none. */
  stateClassName: string;
  /** What the screen shows of the chosen partner, below the picker. */
  children: (partner: TPartnerOption) => ReactNode;
};

/** A screen about one partner: the picker and what it shows of the chosen one, or why there is none yet. */
export function PartnerChoice({
  options,
  chosen,
  onChoose,
  texts,
  stateClassName,
  children,
}: PartnerChoiceProps) {
  return (
    <Loaded query={options} className={stateClassName} empty={texts.noPartners}>
      {(list) =>
        // Chosen whenever there are options: the one named in the address, else the first.
        chosen && (
          <>
            <PartnerPicker
              label={texts.partner}
              placeholder={texts.partnerPlaceholder}
              options={list}
              value={chosen.id}
              onChange={onChoose}
            />
            {children(chosen)}
          </>
        )
      }
    </Loaded>
  );
}
