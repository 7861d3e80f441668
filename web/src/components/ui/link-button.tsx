import type { ComponentProps } from 'react';
import './link-button.css';

/** A quiet action that reads as a link: "+ добавить…", "Список заявок". */
export function LinkButton({ className, type = 'button', ...props }: ComponentProps<'button'>) {
  return <button type={type} className={['link-button', className].filter(Boolean).join(' ')} {...props} />;
}
