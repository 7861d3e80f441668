import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../button';

describe('a button that starts work', () => {
  it('is held down with a spinner saying what is under way, and takes no second press', () => {
    const press = vi.fn();
    const { rerender } = render(
      <Button busy={false} onClick={press}>
        ДОБАВИТЬ КУПОН
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'ДОБАВИТЬ КУПОН' });
    expect(button).not.toHaveAttribute('data-pressed');
    fireEvent.click(button);
    expect(press).toHaveBeenCalledTimes(1);

    rerender(
      <Button busy="Отправка…" onClick={press}>
        ДОБАВИТЬ КУПОН
      </Button>,
    );
    expect(button).toHaveAttribute('data-pressed');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Отправка…');
    expect(button).not.toHaveTextContent('ДОБАВИТЬ КУПОН');
    expect(screen.getByRole('status')).toHaveTextContent('Отправка…');
    fireEvent.click(button);
    expect(press).toHaveBeenCalledTimes(1);
  });
});
