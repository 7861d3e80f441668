import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';
import { MemoryRouter, useLocation } from '@/lib/router/router';
import { useDelayedNavigate } from '../use-delayed-navigate';

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

/** Where the app stands: how many steps from its first screen, and at which address. */
function Place() {
  const { index, pathname, search } = useLocation();
  return <p data-testid="place">{`${index} ${pathname}${search}`}</p>;
}

function buttonsInRouter({ buttons = true } = {}) {
  return (
    <MemoryRouter>
      <Place />
      {buttons && <Buttons />}
    </MemoryRouter>
  );
}

const place = () => screen.getByTestId('place').textContent;
const tap = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('useDelayedNavigate', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('navigates 300 ms after the tap, not before', () => {
    render(buttonsInRouter());
    tap('/discounts');
    wait(299);
    expect(place()).toBe('0 /');
    wait(1);
    expect(place()).toBe('1 /discounts');
  });

  it('navigates after 200 ms when the target carries a query parameter', () => {
    render(buttonsInRouter());
    tap('/gift-to-friend?couponId=7');
    wait(199);
    expect(place()).toBe('0 /');
    wait(1);
    expect(place()).toBe('1 /gift-to-friend?couponId=7');
  });

  it('holds the tapped button pressed until it navigates', () => {
    render(buttonsInRouter());
    tap('/discounts');
    expect(screen.getByRole('button', { name: '/discounts' })).toHaveAttribute('data-pressed');
    expect(screen.getByRole('button', { name: '/photo' })).not.toHaveAttribute('data-pressed');
    wait(300);
    expect(screen.getByRole('button', { name: '/discounts' })).not.toHaveAttribute('data-pressed');
  });

  it('ignores a double tap and other buttons while a navigation is pending', () => {
    render(buttonsInRouter());
    tap('/discounts');
    tap('/discounts');
    wait(100);
    tap('/photo');
    wait(1000);
    expect(place()).toBe('1 /discounts');
  });

  it('does not navigate once the screen has gone', () => {
    const { rerender } = render(buttonsInRouter());
    tap('/discounts');
    rerender(buttonsInRouter({ buttons: false }));
    wait(1000);
    expect(place()).toBe('0 /');
  });
});
