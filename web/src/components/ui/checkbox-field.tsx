import { type ReactNode, useId } from 'react';
import './checkbox-field.css';

type CheckboxFieldProps = {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** A quiet line under the label (it may hold a link). */
  note?: ReactNode;
  /** Shown under the label in the destructive colour; marks the box invalid. */
  error?: string | undefined;
};

/** A box the user ticks themselves, its words beside it, in a card of its own. */
export function CheckboxField({ label, checked, onChange, note, error }: CheckboxFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  const describedBy = [note && noteId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className="checkbox-field" data-invalid={error ? true : undefined}>
      <label className="checkbox-field__label" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          className="checkbox-field__input"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          {...(describedBy && { 'aria-describedby': describedBy })}
          {...(error && { 'aria-invalid': true })}
        />
        <span>{label}</span>
      </label>
      {note && (
        <p className="checkbox-field__note" id={noteId}>
          {note}
        </p>
      )}
      {error && (
        <p className="checkbox-field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
