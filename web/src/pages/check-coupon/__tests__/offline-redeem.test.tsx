import { onlineManager } from '@tanstack/react-query';
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
/** Telegram's main button once a coupon is done with: the next scan, one tap away. */
const SCAN_NEXT = { text: 'Сканировать следующий QR', active: true, loading: false };
const popupsOpened = () => posted.filter(({ type }) => type === 'web_app_open_scan_qr_popup').length;
const haptics = () =>
  posted
    .filter(({ type }) => type === 'web_app_trigger_haptic_feedback')
    .map(({ data }) => (data as { notification_type?: string }).notification_type);

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
/** The server's answer to the scan of `COUPON`, redeemed by this partner a moment ago when used. */
const usedAnswer = (status: 'USED' | 'NOT_USED') => ({
  status,
  canUndo: status === 'USED',
  redeemedAt: status === 'USED' ? '2026-08-15T09:05:00Z' : null,
  redeemedBy: status === 'USED' ? '@partner_petr' : null,
  giftedAwayAt: null,
  messenger: 'telegram',
  expiresAt: null,
  date: '15.07.2026',
  partner: 'Рафт-школа «Порог»',
  region: 'Карелия',
  discount: '750',
  address: 'пос. Чкаловский, ул. Речная, 1',
  telegramName: '@river_rat',
});
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
    expect(telegramButton(posted)).toEqual(SCAN_NEXT);
    expect(await screen.findByText('Погашений без связи ждут отправки: 1')).toBeInTheDocument();
    // The server has not said how many today: the phone counts its own.
    expect(screen.getByText('Погашено сегодня без связи: 1')).toBeInTheDocument();
    // It tried to send at once and, with no signal, kept it.
    await waitFor(() => expect(api.callsTo(SYNC)).toHaveLength(1));
    expect(screen.getByText('Погашений без связи ждут отправки: 1')).toBeInTheDocument();
  });

  it('a second scan of the same coupon on this phone raises the alarm, with when it was redeemed here, until the queue is sent', async () => {
    await openWithKit();
    await scan(COUPON);
    await pressTelegramButton(posted, 'Погасить QR');
    await scanned().findByText('Купон погашен без связи. Отправим погашение, когда появится сеть.');

    await scan(COUPON);
    const alarm = await scanned().findByRole('alert');
    expect(within(alarm).getByRole('heading', { name: 'Купон уже погашен' })).toBeInTheDocument();
    expect(alarm).toHaveTextContent(
      /Погашен на этом телефоне \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} по Москве\. Погашение ждет отправки\./,
    );
    expect(haptics()).toEqual(['error']);
    // No redeem anywhere: the main button scans the next coupon, as «Камера» does.
    expect(telegramButton(posted)).toEqual(SCAN_NEXT);
    expect(scanned().queryByRole('button', { name: 'Погасить QR' })).not.toBeInTheDocument();
    const opened = popupsOpened();
    await pressTelegramButton(posted, 'Сканировать следующий QR');
    expect(popupsOpened()).toBe(opened + 1);
    // Its card stays until the next QR is read.
    expect(scanned().getByRole('heading', { name: 'Купон уже погашен' })).toBeInTheDocument();
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
    routes[SCAN] = () => jsonResponse(usedAnswer('USED'));
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

  it('redeemed with no signal and scanned again, the card never says «Не использован» when the signal returns, and reads the server once it has the redemption', async () => {
    const { api, routes } = await openWithKit();
    await scan(COUPON);
    await pressTelegramButton(posted, 'Погасить QR');
    await screen.findByText('Погашений без связи ждут отправки: 1');
    await scan(COUPON);
    await scanned().findByRole('heading', { name: 'Купон уже погашен' });

    // The signal returns: the card is read again at once, before the queue reaches the server,
    // which then still holds the coupon unused.
    let synced = false;
    routes[SCAN] = () => jsonResponse(usedAnswer(synced ? 'USED' : 'NOT_USED'));
    routes['GET /api/redemption/today'] = () =>
      jsonResponse([{ companyName: 'Порог', count: synced ? 1 : 0 }]);
    const reads = api.callsTo(SCAN).length;
    act(() => {
      onlineManager.setOnline(false);
      onlineManager.setOnline(true);
    });
    await waitFor(() => expect(api.callsTo(SCAN).length).toBeGreaterThan(reads));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(statusShown()).toHaveTextContent('Использован');
    expect(telegramButton(posted)).toEqual(SCAN_NEXT);
    // The server counts none yet; the phone says the one it holds.
    expect(await screen.findByText('Погашено сегодня — Порог: 0')).toBeInTheDocument();
    expect(screen.getByText('Погашено сегодня без связи: 1')).toBeInTheDocument();

    routes[SYNC] = (init) => {
      synced = true;
      const [item] = (JSON.parse(String(init.body)) as { redemptions: { nonce: string }[] }).redemptions;
      return jsonResponse({ results: [{ nonce: item?.nonce, outcome: 'applied' }] });
    };
    const readsBeforeSync = api.callsTo(SCAN).length;
    await act(() => sendQueued(OWNER));

    await waitFor(() => expect(api.callsTo(SCAN).length).toBeGreaterThan(readsBeforeSync));
    await waitFor(() => expect(screen.queryByText(/ждут отправки/)).not.toBeInTheDocument());
    expect(await scanned().findByRole('heading', { name: 'Купон уже погашен' })).toBeInTheDocument();
    expect(statusShown()).toHaveTextContent('Использован');
    expect(scanned().queryByText('Не использован')).not.toBeInTheDocument();
    expect(telegramButton(posted)).toEqual(SCAN_NEXT);
    expect(scanned().queryByRole('button', { name: 'Погасить QR' })).not.toBeInTheDocument();
    // Sent, it is the server's to count, and counted once.
    expect(await screen.findByText('Погашено сегодня — Порог: 1')).toBeInTheDocument();
    expect(screen.queryByText(/без связи/)).not.toBeInTheDocument();
  });

  it('a card that could not reach the server, on a phone that says it is online, reads it again within 15 s', async () => {
    const { routes } = await openWithKit();
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'setInterval'], shouldAdvanceTime: true });
    vi.setSystemTime(v.now);
    await scan(COUPON);
    expect(await scanned().findByText('Нет связи — купон проверен по подписи сервера')).toBeInTheDocument();

    // Meanwhile someone else redeemed it, and the signal is back without the browser saying so.
    routes[SCAN] = () => jsonResponse({ ...usedAnswer('USED'), canUndo: false, redeemedBy: '@staff_sveta' });
    await act(() => vi.advanceTimersByTimeAsync(15_000));

    const used = await scanned().findByRole('alert');
    expect(within(used).getByRole('heading')).toHaveTextContent('Купон уже погашен');
    expect(used).toHaveTextContent('Кто: @staff_sveta, Рафт-школа «Порог»');
    expect(telegramButton(posted)).toEqual(SCAN_NEXT);
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

  it('says in the server’s words why it did not take a redemption: another partner’s coupon', async () => {
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
            outcome: 'refused',
            message: 'Это купон другого партнера: погасить его может только партнер, у которого он куплен.',
          },
        ],
      });
    };
    await act(() => sendQueued(OWNER));

    const refused = await screen.findByText(/Погашение без связи не принято: @river_rat, скидка 750 руб/);
    expect(refused).toHaveTextContent(
      /Это купон другого партнера: погасить его может только партнер, у которого он куплен\. На этом телефоне погашен \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Понятно' }));
    await waitFor(() => expect(screen.queryByText(/не принято/)).not.toBeInTheDocument());
  });

  it.each([
    [
      'REFUNDED',
      'Деньги возвращены',
      'Деньги за купон возвращены',
      'Покупателю вернули деньги: скидка по купону не положена.',
    ],
    [
      'REFUND_PENDING',
      'Идет возврат денег',
      'Деньги за купон возвращаются',
      'Покупатель попросил деньги обратно: скидка по купону не положена.',
    ],
    [
      'VOID',
      'Аннулирован',
      'Купон аннулирован',
      'Администратор аннулировал купон: скидка по нему не положена.',
    ],
    [
      'GIFTED_AWAY',
      'Подарен другому',
      'Купон подарен другому',
      'Этот QR больше не действует: у нового владельца купона свой QR.',
    ],
    ['USED', 'Использован', 'Купон уже погашен', ''],
  ])(
    'a coupon the kit says is %s: the card and its alarm say it as with a signal',
    async (why, status, headline, detail) => {
      const revokedWhy = why === 'USED' ? {} : { [why]: [1] };
      await openWithKit({
        [KIT]: () =>
          jsonResponse({
            ...vectorKit,
            revoked: ['sOmeoneElse00000000000', v.signed.revokedToken],
            revokedWhy,
            asOf: '2026-08-15T09:00:00Z',
          }),
      });
      await waitFor(() => expect(offlineState.get().kit?.revokedWhy).toEqual(revokedWhy));
      await scan(v.signed.revoked);

      const alarm = await scanned().findByRole('alert');
      // Said as a scan with a signal says it, less the when and who the kit does not know.
      expect(within(alarm).getByRole('heading')).toHaveTextContent(headline);
      expect(alarm.textContent).toBe(`${headline}${detail}`);
      expect(statusShown()).toHaveTextContent(status);
      expect(haptics()).toEqual(['error']);
      expect(telegramButton(posted)).toEqual(SCAN_NEXT);
    },
  );

  it('refuses what the phone can tell is not redeemable: forged, another partner’s, revoked, unsigned', async () => {
    await openWithKit();
    // What the phone can tell is dead raises the alarm, with what its kit knows; this kit, as one
    // stored before kits said why a token died, cannot tell a used coupon from a refunded one.
    const alarms = [
      [v.forged.discountRaised, 'QR подделан', 'Подпись QR не сходится: купон подделан или изменен.'],
      [v.signed.otherPartner, 'Купон другого партнера', 'Погасить его может только партнер'],
      [
        v.signed.revoked,
        'Купон уже не действует',
        'Он погашен, подарен другому или деньги за него возвращены.',
      ],
      [v.signed.expired, 'Срок купона истек', /Последний день купона — \d{2}\.\d{2}\.\d{4}\./],
    ] as const;
    for (const [text, headline, detail] of alarms) {
      await scan(text);
      const alarm = await scanned().findByRole('alert');
      expect(within(alarm).getByRole('heading')).toHaveTextContent(headline);
      expect(alarm).toHaveTextContent(detail);
      expect(haptics()).toEqual(['error']);
      expect(telegramButton(posted)).toEqual(SCAN_NEXT);
    }
    // One it cannot check is no alarm: the coupon may well be good.
    await scan(v.unsigned);
    expect(await scanned().findByRole('alert')).toHaveTextContent(
      'Нет связи, а в этом QR нет подписи сервера. Проверьте купон, когда появится сеть.',
    );
    expect(scanned().queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
    expect(haptics()).toEqual([]);
    expect(telegramButton(posted)).toBeNull();
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
