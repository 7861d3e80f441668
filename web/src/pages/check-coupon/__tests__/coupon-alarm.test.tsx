import { render, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { launchInTelegram, type PostedEvent } from '@/test/telegram-launch';
import { CouponAlarm } from '../coupon-alarm';

let posted: PostedEvent[];
const buzzes = () =>
  posted
    .filter(({ type }) => type === 'web_app_trigger_haptic_feedback')
    .map(({ data }) => (data as { notification_type?: string }).notification_type);

beforeAll(() => {
  posted = launchInTelegram('8.0');
});

describe('the alarm of a coupon that cannot be redeemed', () => {
  const scrollIntoView = vi.fn();
  beforeEach(() => {
    posted.length = 0;
    scrollIntoView.mockReset();
    // jsdom has no layout to scroll.
    Element.prototype.scrollIntoView = scrollIntoView;
  });

  const used = {
    headline: 'Купон уже погашен',
    lines: ['Когда: 15.08.2026 12:05 по Москве', 'Кто: @staff_sveta, Рафт-школа «Порог»'],
  };

  it('is announced at once, its headline a heading, each thing known a line of its own', () => {
    render(<CouponAlarm alarm={used} />);
    const alarm = screen.getByRole('alert');
    expect(within(alarm).getByRole('heading', { level: 3 })).toHaveTextContent('Купон уже погашен');
    expect(within(alarm).getByText('Когда: 15.08.2026 12:05 по Москве')).toBeInTheDocument();
    expect(within(alarm).getByText('Кто: @staff_sveta, Рафт-школа «Порог»')).toBeInTheDocument();
    expect(within(alarm).queryByRole('button')).not.toBeInTheDocument();
  });

  it('buzzes the error once as it appears and is brought into view, again only for another alarm', () => {
    const { rerender } = render(<CouponAlarm alarm={used} />);
    expect(buzzes()).toEqual(['error']);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'nearest' });

    rerender(<CouponAlarm alarm={{ ...used, lines: [...used.lines] }} />);
    expect(buzzes()).toEqual(['error']);

    rerender(<CouponAlarm alarm={{ headline: 'Купон подарен другому', lines: [] }} />);
    expect(buzzes()).toEqual(['error', 'error']);
  });
});
