import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/fake-api';
import { myCoupon } from '@/test/my-coupon';
import { jsonResponse, plainUser, renderWithProviders } from '@/test/render';
import { ScreenAt } from '@/test/screens';
import { HomePage } from '../home-page';

const LIST = 'GET /api/coupon/valid/qr/customer/user_ivan';
const renderHome = () =>
  renderWithProviders(<ScreenAt screens={{ '/': <HomePage /> }} />, { user: plainUser });

describe('Home’s coupon line', () => {
  it('names the first usable coupon under the spec’s buttons and opens its QR in one tap', async () => {
    stubApi({
      [LIST]: () =>
        jsonResponse([
          myCoupon('c3', 'Рафт-школа «Порог»'),
          myCoupon('c1', 'Магазин «Снаряга»', { status: 'USED' }),
        ]),
    });
    renderHome();

    const line = await screen.findByRole('button', { name: 'Ваш купон: Рафт-школа «Порог» — показать QR' });
    // The spec's buttons stay where the spec has them, first.
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'СКИДКИ ПАРТНЕРОВ',
      'ОБМЕН ФОТО',
      'ВОДНЫЙ КАЛЕНДАРЬ',
      'Ваш купон: Рафт-школа «Порог» — показать QR',
    ]);
    fireEvent.click(line);
    expect(await screen.findByTestId('where')).toHaveTextContent('/my-coupons?couponId=c3&qr=1');
  });

  it('says nothing when no coupon can be used', async () => {
    const api = stubApi({
      [LIST]: () => jsonResponse([myCoupon('c1', 'Магазин «Снаряга»', { status: 'EXPIRED' })]),
    });
    renderHome();
    // The list is asked once Home is idle: on a busy machine that is seconds, not vi.waitFor's one.
    await vi.waitFor(() => expect(api.callsTo(LIST)).toHaveLength(1), { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: /Ваш купон/ })).not.toBeInTheDocument();
  });
});
