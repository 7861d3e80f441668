import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/fake-api';
import { listAnswer, myCoupon } from '@/test/my-coupon';
import { jsonResponse, plainUser, renderWithProviders } from '@/test/render';
import { ScreenAt } from '@/test/screens';
import { MyCouponsPage } from '../my-coupons-page';

/**
 * The screen's result that says `words` (spaces of any kind read alike), once told: the confirm's
 * spinner, a status too, may come first.
 */
const spaced = (text: string) => text.replace(/\s+/g, ' ');
const resultSaying = (words: string) =>
  screen.findByText(
    (_, element) =>
      element?.getAttribute('role') === 'status' && spaced(element.textContent ?? '').includes(spaced(words)),
  );
const LIST = 'GET /api/coupon/valid/qr/customer/user_ivan';
const REFUND = 'POST /api/me/coupons/c7/refund';
const PAID = myCoupon('c7', 'Рафт-школа «Порог»', { refundAmount: 180 });
const IMAGES = Object.fromEntries(
  ['c7', 'c8', 'c9'].map((id) => [`GET /api/coupon/qr/qr-of-${id}`, () => new Response(`png-of-${id}`)]),
);

function renderMyCoupons() {
  return renderWithProviders(<ScreenAt screens={{ '/my-coupons': <MyCouponsPage /> }} />, {
    route: '/my-coupons',
    user: plainUser,
  });
}

describe('My QR: the holder returns a coupon they paid for', () => {
  beforeEach(() => {
    // jsdom lays nothing out: no observer of what is in view, and nothing to scroll.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    Element.prototype.scrollTo = vi.fn();
  });

  it('asks first, naming the amount and that the QR stops working; «Нет» sends nothing', async () => {
    const api = stubApi({
      ...IMAGES,
      'GET /api/gifts/held': () => jsonResponse([]),
      [LIST]: () => listAnswer([PAID], '"v1"'),
    });
    renderMyCoupons();

    fireEvent.click(await screen.findByRole('button', { name: 'Вернуть деньги' }));
    // Held down at once while the confirmation's code comes.
    expect(screen.getByRole('button', { name: 'Вернуть деньги' })).toHaveAttribute('data-pressed', 'true');

    const step = await screen.findByRole('group', {
      name: 'Вернуть 180\u00a0руб за купон «Рафт-школа «Порог»»?',
    });
    expect(step).toHaveTextContent('QR перестанет действовать сразу');
    fireEvent.click(within(step).getByRole('button', { name: 'Нет' }));
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Вернуть деньги' })).toBeInTheDocument();
    expect(api.callsTo(REFUND)).toHaveLength(0);
  });

  it('a confirmed refund is asked for once however often it is tapped; the coupon leaves, the result stays', async () => {
    let refunded = false;
    const api = stubApi({
      ...IMAGES,
      'GET /api/gifts/held': () => jsonResponse([]),
      [LIST]: () => listAnswer(refunded ? [] : [PAID], refunded ? '"v2"' : '"v1"'),
      [REFUND]: () => {
        refunded = true;
        return jsonResponse({ status: 'REFUNDED' });
      },
    });
    renderMyCoupons();

    fireEvent.click(await screen.findByRole('button', { name: 'Вернуть деньги' }));
    const yes = screen.getByRole('button', { name: 'Да, вернуть деньги' });
    fireEvent.click(yes);
    fireEvent.click(yes);

    expect(
      await screen.findByText(
        'Деньги за купон «Рафт-школа «Порог»» со скидкой 500 руб возвращены: 180 руб. Этот купон больше не действует.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('QR ПОКА НЕТ')).toBeInTheDocument();
    expect(api.callsTo(REFUND)).toHaveLength(1);
  });

  it('the result names its coupon at the top, not under the next coupon’s buttons, until the next press', async () => {
    const NEXT = myCoupon('c8', 'Прокат «Байдарка»', { discount: 1000, refundAmount: 150 });
    let refunded = false;
    stubApi({
      ...IMAGES,
      'GET /api/gifts/held': () => jsonResponse([]),
      [LIST]: () => listAnswer(refunded ? [NEXT] : [PAID, NEXT], refunded ? '"v2"' : '"v1"'),
      [REFUND]: () => {
        refunded = true;
        return jsonResponse({ status: 'REFUND_PENDING' });
      },
    });
    renderMyCoupons();

    fireEvent.click(await screen.findByRole('button', { name: 'Вернуть деньги' }));
    fireEvent.click(screen.getByRole('button', { name: 'Да, вернуть деньги' }));

    const result = await resultSaying(
      'Возврат 180 руб за купон «Рафт-школа «Порог»» со скидкой 500 руб оформлен, деньги придут в ближайшие дни. Этот купон больше не действует.',
    );
    // The refunded coupon has left; the next one is shown, and the result stays above it, not below its buttons.
    const heading = await screen.findByRole('heading', { name: 'Прокат «Байдарка»' });
    const nextRefund = await screen.findByRole('button', { name: 'Вернуть деньги' });
    expect(result.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(result.compareDocumentPosition(nextRefund) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // Pressing «Вернуть деньги» again is a new act: the last result goes.
    fireEvent.click(nextRefund);
    expect(result).not.toBeInTheDocument();
    expect(
      await screen.findByRole('group', { name: 'Вернуть 150\u00a0руб за купон «Прокат «Байдарка»»?' }),
    ).toBeInTheDocument();
  });

  it('names the coupon and shows the server’s reason when it refuses', async () => {
    stubApi({
      ...IMAGES,
      'GET /api/gifts/held': () => jsonResponse([]),
      [LIST]: () => listAnswer([PAID], '"v1"'),
      [REFUND]: () =>
        jsonResponse(
          {
            error: 'refund_used',
            message: 'Купон уже использован: партнер дал скидку, вернуть деньги за него нельзя',
          },
          409,
        ),
    });
    renderMyCoupons();

    fireEvent.click(await screen.findByRole('button', { name: 'Вернуть деньги' }));
    fireEvent.click(screen.getByRole('button', { name: 'Да, вернуть деньги' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Деньги за купон «Рафт-школа «Порог»» со скидкой 500 руб не возвращены');
    expect(alert).toHaveTextContent(
      'Купон уже использован: партнер дал скидку, вернуть деньги за него нельзя',
    );
  });

  it('offers no refund for a coupon the server does not (a gift received), nor for a used one', async () => {
    stubApi({
      ...IMAGES,
      'GET /api/gifts/held': () => jsonResponse([]),
      [LIST]: () =>
        listAnswer(
          [
            myCoupon('c8', 'Прокат «Байдарка»'),
            myCoupon('c9', 'Магазин', { status: 'USED', refundAmount: 180 }),
          ],
          '"v1"',
        ),
    });
    renderMyCoupons();

    expect(await screen.findByRole('button', { name: 'Подарить другу' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Следующий QR' }));
    expect(screen.queryByRole('button', { name: 'Вернуть деньги' })).not.toBeInTheDocument();
  });
});
