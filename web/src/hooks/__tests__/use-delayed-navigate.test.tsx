import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';
import { useDelayedNavigate } from '../use-delayed-navigate';

const navigate = vi.fn();

vi.mock('react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof import('react-router')>()),
  useNavigate: () => navigate,
}));

function Buttons() {
  const { go, pendingTo } = useDelayedNavigate();
  return (
    <>
      {['/discounts', '/photo', '/gift-to-friend?couponId=7'].map((to) => (
        <Button key={to} pressed={pendingTo === to} onClick={() => go(to)}>
          {to}
        </Button>
      ))}
    </>
  );
}

const tap = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('useDelayedNavigate', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    navigate.mockReset();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('navigates 300 ms after the tap, not before', () => {
    render(<Buttons />);
    tap('/discounts');
    wait(299);
    expect(navigate).not.toHaveBeenCalled();
    wait(1);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/discounts', undefined);
  });

  it('navigates after 200 ms when the target carries a query parameter', () => {
    render(<Buttons />);
    tap('/gift-to-friend?couponId=7');
    wait(199);
    expect(navigate).not.toHaveBeenCalled();
    wait(1);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/gift-to-friend?couponId=7', undefined);
  });

  it('holds the tapped button pressed until it navigates', () => {
    render(<Buttons />);
    tap('/discounts');
    expect(screen.getByRole('button', { name: '/discounts' })).toHaveAttribute('data-pressed');
    expect(screen.getByRole('button', { name: '/photo' })).not.toHaveAttribute('data-pressed');
    wait(300);
    expect(screen.getByRole('button', { name: '/discounts' })).not.toHaveAttribute('data-pressed');
  });

  it('ignores a double tap and other buttons while a navigation is pending', () => {
    render(<Buttons />);
    tap('/discounts');
    tap('/discounts');
    wait(100);
    tap('/photo');
    wait(1000);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/discounts', undefined);
  });

  it('does not navigate once the screen has gone', () => {
    const { unmount } = render(<Buttons />);
    tap('/discounts');
    unmount();
    wait(1000);
    expect(navigate).not.toHaveBeenCalled();
  });
});
