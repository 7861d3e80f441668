import type { ComponentProps } from 'react';
import { Spinner } from './spinner';
import './button.css';

type ButtonProps = ComponentProps<'button'> & {
  variant?: 'primary' | 'secondary';
  /** Held down while a delayed action (navigation) is on its way. */
  pressed?: boolean;
  /**
   * What is under way since this button was pressed («Отправка…»), or false: the button stays held
   * down with a spinner and these words in place of its own, and takes no second press. Every
   * button that starts work on the server says so this way, at once, however slow the network.
   */
  busy?: string | false | undefined;
};

/** The app's big full-width button. */
export function Button({
  variant = 'primary',
  pressed = false,
  busy = false,
  className,
  type = 'button',
  disabled,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={['button', `button--${variant}`, className].filter(Boolean).join(' ')}
      data-pressed={pressed || busy !== false || undefined}
      aria-busy={busy !== false || undefined}
      disabled={disabled || busy !== false}
      {...props}
    >
      {busy !== false ? <Spinner label={busy} /> : children}
    </button>
  );
}
