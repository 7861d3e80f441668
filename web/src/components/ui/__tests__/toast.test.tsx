import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toasts, useToasts } from '../toast';

function Screen() {
  const { toasts, showToast } = useToasts();
  let count = 0;
  return (
    <>
      <button type="button" onClick={() => showToast('Сохранено')}>
        default
      </button>
      <button type="button" onClick={() => showToast('Ошибка', { tone: 'error', durationMs: 2000 })}>
        short error
      </button>
      <button
        type="button"
        onClick={() => {
          for (let i = 0; i < 25; i++) showToast(`№${++count}`);
        }}
      >
        many
      </button>
      <Toasts toasts={toasts} />
    </>
  );
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('stays 5 s by default', () => {
    render(<Screen />);
    fireEvent.click(screen.getByRole('button', { name: 'default' }));
    expect(screen.getByRole('status')).toHaveTextContent('Сохранено');
    wait(4999);
    expect(screen.getByRole('status')).toBeInTheDocument();
    wait(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('takes its own time and tone', () => {
    render(<Screen />);
    fireEvent.click(screen.getByRole('button', { name: 'short error' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Ошибка');
    wait(2000);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows at most 20 at once, dropping the oldest', () => {
    render(<Screen />);
    fireEvent.click(screen.getByRole('button', { name: 'many' }));
    const shown = screen.getAllByRole('status');
    expect(shown).toHaveLength(20);
    expect(shown[0]).toHaveTextContent('№6');
    expect(shown[19]).toHaveTextContent('№25');
    wait(5000);
    expect(screen.queryAllByRole('status')).toHaveLength(0);
  });
});
