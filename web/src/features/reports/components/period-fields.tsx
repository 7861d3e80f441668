import { TextField } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import type { Period } from '../period';
import { reportTexts as texts } from '../texts';
import './report-parts.css';

type PeriodFieldsProps = {
  period: Period;
  onChange: (period: Period) => void;
  /** Why the period cannot be asked for, shown under both days. */
  problem?: string | undefined;
};

/** A report's first and last day, side by side. */
export function PeriodFields({ period, onChange, problem }: PeriodFieldsProps) {
  return (
    <>
      <div className="period-fields">
        <TextField
          label={texts.from}
          type="date"
          value={period.from}
          onChange={(event) => onChange({ ...period, from: event.target.value })}
        />
        <TextField
          label={texts.to}
          type="date"
          value={period.to}
          onChange={(event) => onChange({ ...period, to: event.target.value })}
        />
      </div>
      {problem && <Notice tone="error">{problem}</Notice>}
    </>
  );
}
