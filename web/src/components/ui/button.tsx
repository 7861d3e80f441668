import type { ComponentProps } from 'react';
import './button.css';

type ButtonProps = ComponentProps<'button'> & {
  variant?: 'primary' | 'secondary';
  /** Held down while a delayed action (navigation) is on its way. */
  pressed?: boolean;
};

/** The app's big full-width button. */
export function Button({
  variant = 'primary',
  pressed = false,
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={['button', `button--${variant}`, className].filter(Boolean).join(' ')}
      data-pressed={pressed || undefined}
      {...props}
    />
  );
}
