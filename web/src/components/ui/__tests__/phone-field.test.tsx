import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { formatPhone, isCompletePhone, PhoneField } from '../phone-field';

function Form() {
  const [phone, setPhone] = useState('');
  return (
    <>
      <PhoneField label="Телефон" value={phone} onValueChange={setPhone} />
      <output>{phone}</output>
    </>
  );
}

function renderPhone() {
  render(<Form />);
  return {
    input: screen.getByLabelText<HTMLInputElement>('Телефон'),
    digits: () => screen.getByRole('status').textContent,
  };
}

describe('PhoneField', () => {
  it('masks typed digits as +7 (000) 000-00-00 and hands out 11 digits starting with 7', async () => {
    const user = userEvent.setup();
    const { input, digits } = renderPhone();
    expect(input).toHaveAttribute('placeholder', '+7 (000) 000-00-00');

    await user.type(input, '911');
    expect(input).toHaveValue('+7 (911');
    await user.type(input, '1234567');
    expect(input).toHaveValue('+7 (911) 123-45-67');
    expect(digits()).toBe('79111234567');

    await user.type(input, '8');
    expect(input).toHaveValue('+7 (911) 123-45-67');
  });

  it('takes a leading 7 or 8 for the country code', async () => {
    const user = userEvent.setup();
    const { input, digits } = renderPhone();
    await user.type(input, '89111234567');
    expect(input).toHaveValue('+7 (911) 123-45-67');
    expect(digits()).toBe('79111234567');

    await user.clear(input);
    await user.type(input, '+79001112233');
    expect(digits()).toBe('79001112233');
  });

  it('accepts a pasted number in any common shape and ignores letters', async () => {
    const user = userEvent.setup();
    const { input, digits } = renderPhone();
    await user.click(input);
    await user.paste('+7 (911) 765-43-21');
    expect(digits()).toBe('79117654321');

    await user.clear(input);
    await user.type(input, 'abc');
    expect(input).toHaveValue('');
  });

  it('deletes digits one by one and empties the field past the prefix', async () => {
    const user = userEvent.setup();
    const { input, digits } = renderPhone();
    await user.type(input, '9111234');
    expect(input).toHaveValue('+7 (911) 123-4');

    await user.type(input, '{Backspace}');
    expect(input).toHaveValue('+7 (911) 123');
    await user.type(input, '{Backspace}{Backspace}{Backspace}');
    expect(input).toHaveValue('+7 (911');
    expect(digits()).toBe('7911');
    await user.type(input, '{Backspace}{Backspace}{Backspace}');
    expect(input).toHaveValue('');
    expect(digits()).toBe('');
  });

  it('deletes the digit before a separator the caret stands after', async () => {
    const user = userEvent.setup();
    const { input, digits } = renderPhone();
    await user.type(input, '9111234');
    const afterBracket = '+7 (911) '.length;
    input.setSelectionRange(afterBracket, afterBracket);

    await user.keyboard('{Backspace}');

    expect(input).toHaveValue('+7 (911) 234');
    expect(digits()).toBe('7911234');
    expect(input.selectionStart).toBe('+7 (91'.length);
  });

  it('formats and checks digits', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('7')).toBe('+7 (');
    expect(formatPhone('79111234567')).toBe('+7 (911) 123-45-67');
    expect(isCompletePhone('79111234567')).toBe(true);
    expect(isCompletePhone('7911123456')).toBe(false);
    expect(isCompletePhone('89111234567')).toBe(false);
  });
});
