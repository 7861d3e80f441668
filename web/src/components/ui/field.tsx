import { type ComponentProps, type ReactNode, useId } from 'react';
import './field.css';

type ControlProps = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true };

type FieldProps = {
  label: string;
  /** Shown under the control in the destructive colour; marks the control invalid. */
  error?: string | undefined;
  /** A quiet line under the control. */
  note?: string | undefined;
  children: (control: ControlProps) => ReactNode;
};

/** A labelled form control with its note and error, wired for screen readers. */
export function Field({ label, error, note, children }: FieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  const describedBy = [note && noteId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        ...(describedBy && { 'aria-describedby': describedBy }),
        ...(error && { 'aria-invalid': true }),
      })}
      {note && (
        <p className="field__note" id={noteId}>
          {note}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = Omit<ComponentProps<'input'>, 'id' | 'className'> & {
  label: string;
  error?: string | undefined;
  note?: string | undefined;
};

export function TextField({ label, error, note, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} error={error} note={note}>
      {(control) => <input className="control" {...control} {...inputProps} />}
    </Field>
  );
}

/**
 * A web address: the phone's keyboard for addresses, nothing filled in from elsewhere, and the
 * scheme shown as the shape of what to type.
 */
export function LinkField(
  props: Omit<TextFieldProps, 'type' | 'inputMode' | 'autoComplete' | 'placeholder'>,
) {
  return <TextField type="url" inputMode="url" autoComplete="off" placeholder="https://…" {...props} />;
}

type SelectOption = { value: string; label: string };

type SelectFieldProps = {
  label: string;
  options: readonly SelectOption[];
  /** The empty first entry shown while nothing is chosen; none where an option is always chosen. */
  placeholder?: string;
  value: string;
  onValueChange: (value: string) => void;
  disabled?: boolean;
  error?: string | undefined;
  note?: string | undefined;
};

/** A native select (the phone's own picker), styled to match the inputs. */
export function SelectField({
  label,
  options,
  placeholder,
  value,
  onValueChange,
  disabled,
  error,
  note,
}: SelectFieldProps) {
  return (
    <Field label={label} error={error} note={note}>
      {(control) => (
        <span className="select">
          <select
            className="control"
            {...control}
            value={value}
            disabled={disabled}
            onChange={(event) => onValueChange(event.target.value)}
          >
            {placeholder !== undefined && (
              <option value="" disabled>
                {placeholder}
              </option>
            )}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </span>
      )}
    </Field>
  );
}
