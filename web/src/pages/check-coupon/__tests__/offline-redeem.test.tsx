import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { couponVectors as v, vectorKit } from '#test-support/coupon-vectors';
import { offlineState, sendQueued } from '@/features/redemption/offline/offline-redemptions';
import { type FakeRoute, stubApi } from '@/test/fake-api';
import { jsonResponse, partnerUser, renderWithProviders } from '@/test/render';
import {
  emitEvent,
  launchInTelegram,
  type PostedEvent,
  pressTelegramButton,
  telegramButton,
} from '@/test/telegram-launch';
import { CheckCouponPage } from '../check-coupon-page';

// jsdom serves no WASM: the image decoder the screen fetches as it opens is stood in for.
vi.mock('zxing-wasm/reader', () => ({
  prepareZXingModule: () => {},
  purgeZXingModule: () => {},
  readBarcodes: () => [],
}));

const KIT = 'GET /api/redemption/offline-kit';
const SYNC = 'POST /api/redemption/sync';
const OWNER = partnerUser.username as string;
const tokenOf = (text: string) => /purchased_coupon_id=([^,]+)/.exec(text)?.[1] as string;
const COUPON = v.signed.valid;
const SCAN = `GET /api/coupon/scan/${tokenOf(COUPON)}`;

let posted: PostedEvent[];
beforeAll(() => {
  posted = launchInTelegram('8.0');
});
beforeEach(() => {
  // The vectors' coupons are alive on this day (and `expired` past its last one); timers stay real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(v.now);
});
afterEach(async () => {
  // A send the test set off ends before the next test's screen starts one of its own.
  await waitFor(() => expect(offlineState.get().sending).toBe(false));
  vi.useRealTimers();
});

/**
 * The check screen of a partner whose phone loaded the kit while it had a network; every request
 * without a route fails as with no signal, the scan of the coupon included.
 */
async function openWithKit(routes: Record<string, FakeRoute> = {}) {
  const all: Record<string, FakeRoute> = {
    [KIT]: () => jsonResponse({ ...vectorKit, asOf: '2026-08-15T09:00:00Z' }),
    ...routes,
  };
  const api = stubApi(all);
  renderWithProviders(<CheckCouponPage />, { route: '/check-coupon', user: partnerUser });
  await waitFor(() => expect(api.callsTo(KIT)).toHaveLength(1));
  // The phone's state read from this test's empty IndexedDB, not the last test's.
  await waitFor(() => expect(offlineState.get().pending).toEqual([]));
  return { api, routes: all };
}

async function scan(text: string) {
  posted.length = 0;
  fireEvent.click(screen.getByRole('button', { name: 'Камера' }));
  await waitFor(() => expect(posted.map(({ type }) => type)).toContain('web_app_open_scan_qr_popup'));
  act(() => emitEvent('qr_text_received', { data: text }));
  await screen.findByRole('heading', { name: 'Отсканированный QR' });
}

const scanned = () => {
  const section = screen.getByRole('heading', { name: 'Отсканированный QR' }).closest('section');
  if (!section) throw new Error('no scanned section');
  return within(section);
};
const statusShown = () => scanned().getByText('Статус', { selector: 'dt' }).nextElementSibling;

describe('the check screen with no signal', () => {
  it('checks a signed coupon on the phone, redeems it into the queue and says so; the count waits to be sent', async () => {
    const { api } = await openWithKit();
    await scan(COUPON);

    expect(await scanned().findByText('Нет связи — купон проверен по подписи сервера')).toBeInTheDocument();
    expect(statusShown()).toHaveTextContent('Не использован');
    expect(scanned().getByText('@river_rat')).toBeInTheDocument();
    expect(scanned().getByText('750 руб')).toBeInTheDocument();
    expect(scanned().queryByText('sig')).not.toBeInTheDocument();

    await pressTelegramButton(posted, 'Погасить QR');

    expect(
      await scanned().findByText('Купон погашен без связи. Отправим погашение, когда появится сеть.'),
    ).toBeInTheDocument();
    expect(statusShown()).toHaveTextContent('Использован');
    expect(telegramButton(posted)).toBeNull();
    expect(await screen.findByText('Погашений без связи ждут отправки: 1')).toBeInTheDocument();
    // It tried to send at once and, with no signal, kept it.
    await waitFor(() => expect(api.callsTo(SYNC)).toHaveLength(1));
    expect(screen.getByText('Погашений без связи ждут отправки: 1')).toBeInTheDocument();
  });

  it('a second scan of the same coupon on this phone is refused until the queue is sent', async () => {
    await openWithKit();
    await scan(COUPON);
    await pressTelegramButton(posted, 'Погасить QR');
    await scanned().findByText('Купон погашен без связи. Отправим погашение, когда появится сеть.');

    await scan(COUPON);
    expect(
      await scanned().findByText('Этот купон уже погашен на этом телефоне и ждет отправки.'),
    ).toBeInTheDocument();
    expect(telegramButton(posted)).toBeNull();
  });

  it('when the network returns the redemption is sent; the server’s state and its undo show', async () => {
    const { routes } = await openWithKit();
    await scan(COUPON);
    await pressTelegramButton(posted, 'Погасить QR');
    await screen.findByText('Погашений без связи ждут отправки: 1');

    let sent: unknown;
    routes[SYNC] = async (init) => {
      sent = JSON.parse(String(init.body));
      const [item] = (sent as { redemptions: { nonce: string }[] }).redemptions;
      return jsonResponse({ results: [{ nonce: item?.nonce, outcome: 'applied' }] });
    };
    routes[SCAN] = () =>
      jsonResponse({
        status: 'USED',
        canUndo: true,
        redeemedAt: null,
        redeemedBy: null,
        giftedAwayAt: null,
        redeemedToday: 0,
        expiresAt: null,
        date: '15.07.2026',
        partner: 'Рафт-школа «Порог»',
        region: 'Карелия',
        discount: '750',
        address: 'пос. Чкаловский, ул. Речная, 1',
        telegramName: '@river_rat',
      });
    await act(() => sendQueued(OWNER));

    expect(sent).toEqual({
      redemptions: [
        {
          nonce: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
          qrToken: tokenOf(COUPON),
          redeemedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        },
      ],
    });
    await waitFor(() => expect(screen.queryByText(/ждут отправки/)).not.toBeInTheDocument());
    expect(await scanned().findByRole('button', { name: 'Отменить погашение' })).toBeInTheDocument();
    expect(statusShown()).toHaveTextContent('Использован');
  });

  it('shows a conflict with who used the coupon and when, until the partner has read it', async () => {
    const { routes } = await openWithKit();
    await scan(COUPON);
    await pressTelegramButton(posted, 'Погасить QR');
    await screen.findByText('Погашений без связи ждут отправки: 1');

    routes[SYNC] = async (init) => {
      const [item] = (JSON.parse(String(init.body)) as { redemptions: { nonce: string }[] }).redemptions;
      return jsonResponse({
        results: [
          {
            nonce: item?.nonce,
            outcome: 'conflict',
            message: 'Купон уже погасил @staff_sveta 15.08.2026 в 11:20',
          },
        ],
      });
    };
    await act(() => sendQueued(OWNER));

    const conflict = await screen.findByText(/Погашение без связи не засчитано: @river_rat, скидка 750 руб/);
    expect(conflict).toHaveTextContent('Купон уже погасил @staff_sveta 15.08.2026 в 11:20');
    expect(conflict).toHaveTextContent(/На этом телефоне погашен \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    expect(
      scanned().queryByText('Купон погашен без связи. Отправим погашение, когда появится сеть.'),
    ).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Понятно' }));
    await waitFor(() => expect(screen.queryByText(/не засчитано/)).not.toBeInTheDocument());
  });

  it('refuses what the phone can tell is not redeemable: forged, another partner’s, used, unsigned', async () => {
    await openWithKit();
    const cases = [
      [v.forged.discountRaised, 'Подпись QR не сходится: купон подделан или изменен.'],
      [v.signed.otherPartner, 'Это купон другого партнера.'],
      [v.signed.revoked, 'Купон уже использован, подарен или возвращен.'],
      [v.signed.expired, 'Срок действия истек'],
      [v.unsigned, 'Нет связи, а в этом QR нет подписи сервера. Проверьте купон, когда появится сеть.'],
    ] as const;
    for (const [text, refusal] of cases) {
      await scan(text);
      expect(await scanned().findByRole('alert')).toHaveTextContent(refusal);
      expect(telegramButton(posted)).toBeNull();
    }
  });

  it('without a kit ever loaded, says to open the screen once with a network', async () => {
    stubApi({});
    renderWithProviders(<CheckCouponPage />, { route: '/check-coupon', user: partnerUser });
    await scan(COUPON);
    expect(await scanned().findByRole('alert')).toHaveTextContent(
      'Нет связи, а данные для проверки без связи еще не загружены.',
    );
  });
});
