import { type ChangeEvent, useLayoutEffect, useRef, useState } from 'react';
import { Field } from './field';

/** SPEC §5: the phone is typed as +7 (000) 000-00-00 and sent as digits only. */
const PHONE_PLACEHOLDER = '+7 (000) 000-00-00';
const COUNTRY_CODE = '7';
const NATIONAL_LENGTH = 10;
const PREFIX = `+${COUNTRY_CODE} (`;

/** A complete number as the server takes it: 11 digits starting with 7. */
export const isCompletePhone = (digits: string) => /^7\d{10}$/.test(digits);

/**
 * The ten digits after the country code. Text that does not start with "+7" is what the user
 * typed or pasted into an empty field: a leading 7 or 8 there is the country code (8 is the
 * Russian trunk prefix), not the first digit of the area code.
 */
function nationalDigitsOf(text: string): string {
  const hasPrefix = text.startsWith(`+${COUNTRY_CODE}`);
  let digits = (hasPrefix ? text.slice(2) : text).replace(/\D/g, '');
  if (!hasPrefix && /^[78]/.test(digits)) digits = digits.slice(1);
  return digits.slice(0, NATIONAL_LENGTH);
}

/**
 * What follows the number's ten digits in the text typed or pasted («доб. 5», an eleventh digit):
 * the field cannot keep it, and says so rather than drop it unseen.
 */
function beyondNumber(text: string): string {
  const hasPrefix = text.startsWith(`+${COUNTRY_CODE}`);
  const body = hasPrefix ? text.slice(2) : text;
  const first = body.search(/\d/);
  let trunk = !hasPrefix && first >= 0 && /[78]/.test(body.charAt(first));
  let count = 0;
  for (let index = 0; index < body.length; index++) {
    if (!/\d/.test(body.charAt(index))) continue;
    if (trunk) trunk = false;
    else if (++count === NATIONAL_LENGTH) {
      const rest = body.slice(index + 1).trim();
      return /\d/.test(rest) ? rest : '';
    }
  }
  return '';
}

export const phoneTexts = {
  notKept: (rest: string) => `«${rest}» не сохранено: телефон — 11 цифр, без добавочного номера`,
} as const;

/** `value` is '' or the country code followed by up to ten national digits. */
export function formatPhone(value: string): string {
  if (value === '') return '';
  const national = value.slice(COUNTRY_CODE.length);
  let text = PREFIX + national.slice(0, 3);
  if (national.length > 3) text += `) ${national.slice(3, 6)}`;
  if (national.length > 6) text += `-${national.slice(6, 8)}`;
  if (national.length > 8) text += `-${national.slice(8, 10)}`;
  return text;
}

/** Where the caret goes in formatted text so that `count` national digits stand before it. */
function caretAfterDigits(text: string, count: number): number {
  if (count === 0) return Math.min(PREFIX.length, text.length);
  let seen = 0;
  for (let index = PREFIX.length; index < text.length; index++) {
    if (/\d/.test(text.charAt(index)) && ++seen === count) return index + 1;
  }
  return text.length;
}

type PhoneFieldProps = {
  label: string;
  /** '' or the digits to send: 7 and up to ten more. */
  value: string;
  onValueChange: (digits: string) => void;
  error?: string | undefined;
  note?: string | undefined;
  onBlur?: () => void;
};

/**
 * A phone input masked as +7 (000) 000-00-00 that hands out digits only; what does not fit (an
 * extension) is refused under it, with the reason.
 */
export function PhoneField({ label, value, onValueChange, error, note, onBlur }: PhoneFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const [notKept, setNotKept] = useState('');

  useLayoutEffect(() => {
    if (pendingCaret.current === null || document.activeElement !== input.current) return;
    input.current?.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const text = event.target.value;
    setNotKept(beyondNumber(text));
    const caret = event.target.selectionStart ?? text.length;
    const inputType = (event.nativeEvent as InputEvent).inputType ?? '';
    const deleting = inputType.startsWith('delete');
    const before = value.slice(COUNTRY_CODE.length);
    let national = nationalDigitsOf(text);
    let digitsBeforeCaret = nationalDigitsOf(text.slice(0, caret)).length;

    // Deleting a bracket, space or dash alone would change nothing: delete the digit beside it.
    if (deleting && national === before) {
      const at = inputType === 'deleteContentForward' ? digitsBeforeCaret : digitsBeforeCaret - 1;
      if (at >= 0 && at < national.length) {
        national = national.slice(0, at) + national.slice(at + 1);
        digitsBeforeCaret = at;
      }
    }

    // A '+' alone waits for the digits: the 7 that follows it is then taken for the country code.
    const typedDigit = /\d/.test(text);
    const next = national === '' && (deleting || !typedDigit) ? '' : COUNTRY_CODE + national;
    pendingCaret.current = caretAfterDigits(formatPhone(next), digitsBeforeCaret);
    onValueChange(next);
  }

  return (
    <Field label={label} error={notKept ? phoneTexts.notKept(notKept) : error} note={note}>
      {(control) => (
        <input
          ref={input}
          className="control"
          {...control}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={PHONE_PLACEHOLDER}
          value={formatPhone(value)}
          onChange={handleChange}
          onBlur={onBlur}
        />
      )}
    </Field>
  );
}
