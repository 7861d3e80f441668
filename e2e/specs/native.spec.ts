import type { Page } from '@playwright/test';
import { ZMyCouponsResponse } from '#contract/purchases';
import { startFakeBotApi } from '../../test-support/fake-bot-api.ts';
import { DEMO_OFFER, PAY, pay, showOffersOf } from '../support/buying.ts';
import { DEMO, E2E_BOT_TOKEN, E2E_CHAT_ID, E2E_INVOICE_URL, FRESH_MEMBERS } from '../support/constants.ts';
import { themesToWalk } from '../support/looks.ts';
import { apiAs, buyCoupon, DEMO_COMPANY, DEMO_REGION, listMyCoupons, qrPngOf } from '../support/purchases.ts';
import { decodeQrPng } from '../support/qr.ts';
import { SERVER_START_BOUND_MS, startServer } from '../support/server.ts';
import {
  emitTelegramEvent,
  hapticNotifications,
  linksOpenedByTelegram,
  openAsTelegram,
  pressTelegramButton,
  telegramButton,
  telegramEvents,
} from '../support/telegram.ts';
import { expect, test } from '../support/test.ts';

const DEMO_PARTNER = { region: DEMO_REGION, partnerType: 'ШКОЛА', companyName: DEMO_COMPANY };
const FRIEND_FIELD = 'Юзернейм друга в Telegram';

const posted = async (page: Page, type: string) =>
  (await telegramEvents(page)).filter(([eventType]) => eventType === type).map(([, data]) => data);

const currentSlide = (page: Page) => page.locator('.slider__slide:not([aria-hidden])');

test.describe('Telegram’s own controls', () => {
  test('the buy screen pays from Telegram’s main button, shown once an offer is chosen', async ({ page }) => {
    await openAsTelegram(page, DEMO.member, { path: '/buy-coupons' });
    await showOffersOf(page, DEMO_PARTNER);
    await expect(page.getByRole('button', { name: DEMO_OFFER })).toBeVisible();
    expect(await telegramButton(page)).toBeNull();

    await page.getByRole('button', { name: DEMO_OFFER }).click();

    await expect.poll(() => telegramButton(page)).toEqual({ text: PAY, active: true, loading: false });
    await expect(page.getByRole('button', { name: PAY })).toHaveCount(0);
    await pay(page);
    await expect(page.getByText('Страница оплаты открыта')).toBeVisible();
    expect(await linksOpenedByTelegram(page)).toHaveLength(1);
    // The payment runs: the button holds, and another press starts nothing.
    expect(await telegramButton(page)).toEqual({ text: PAY, active: false, loading: false });
  });

  test('a gift to a username nobody opened the app with is held, shared, and claimed when she opens it', async ({
    page,
    browser,
    request,
  }) => {
    const friend = FRESH_MEMBERS.quietFriend;
    const purchasedCouponId = await buyCoupon(request, DEMO.member);
    await openAsTelegram(page, DEMO.member, { path: `/gift-to-friend?couponId=${purchasedCouponId}` });
    await expect
      .poll(() => telegramButton(page))
      .toEqual({ text: 'Подарить QR', active: false, loading: false });

    await page.getByLabel(FRIEND_FIELD).fill('@demo_member');
    await pressTelegramButton(page, 'Подарить QR');
    await expect(page.getByText('Нельзя отправить купон себе!!')).toBeVisible();
    await page.getByLabel(FRIEND_FIELD).fill(`@${friend.username}`);
    await pressTelegramButton(page, 'Подарить QR');
    // Nobody opened the app as her yet: a second look first, the main button waiting on its answer.
    const asked = page.getByRole('group', { name: `Мы еще не видели @${friend.username} в приложении.` });
    await expect(asked).toBeInViewport({ ratio: 1 });
    await expect
      .poll(() => telegramButton(page))
      .toEqual({ text: 'Подарить QR', active: false, loading: false });
    await asked.getByRole('button', { name: 'Подарить и ждать' }).click();

    await expect(
      page.getByText(
        new RegExp(
          `^Подарок ждет @${friend.username} до \\d\\d\\.\\d\\d\\.\\d{4} \\d\\d:\\d\\d по Москве\\.`,
        ),
      ),
    ).toBeVisible();
    await expect(page.getByText('Купон отправлен')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Отменить подарок' })).toBeVisible();
    // A refusal buzzes as an error, the gift as a success.
    expect(await hapticNotifications(page)).toEqual(['error', 'success']);

    // «Отправить другу»: Telegram's share sheet with the message the bot prepared.
    await pressTelegramButton(page, 'Отправить другу');
    await expect.poll(() => posted(page, 'web_app_send_prepared_message')).toHaveLength(1);
    const [shared] = await posted(page, 'web_app_send_prepared_message');
    expect(shared).toEqual({ id: expect.stringMatching(/^prepared-\d+$/) });
    await emitTelegramEvent(page, 'prepared_message_sent');
    await expect(page.getByText('Сообщение отправлено')).toBeVisible();

    await openAsTelegram(page, DEMO.member, { path: '/my-coupons' });
    await expect(page.getByText(`Для @${friend.username}`)).toBeVisible();
    expect((await listMyCoupons(request, DEMO.member)).map(({ id }) => id)).not.toContain(purchasedCouponId);

    // She opens the app from the shared message's button (startapp=my-coupons) as a chat member.
    const friendPage = await browser.newPage();
    await openAsTelegram(friendPage, friend, { startParam: 'my-coupons' });
    await expect(friendPage.getByRole('heading', { name: 'МОИ QR' })).toBeVisible();
    // Claimed as /api/me answers; My QR shows it by its next reload at the latest.
    await expect(currentSlide(friendPage).getByRole('heading', { name: DEMO_COMPANY })).toBeVisible();
    expect((await listMyCoupons(request, friend)).map(({ id }) => id)).toContain(purchasedCouponId);
    await friendPage.close();

    await openAsTelegram(page, DEMO.member, { path: '/my-coupons' });
    await expect(page.getByRole('heading', { name: 'МОИ QR' })).toBeVisible();
    await expect(page.getByText(`Для @${friend.username}`)).toHaveCount(0);
  });
});

test.describe('Telegram’s location', () => {
  test('the geo service records through Telegram’s location where the webview’s own is blocked', async ({
    page,
  }) => {
    // No geolocation permission is granted to the page: the webview's own geolocation is blocked.
    const track = (type: string) =>
      page.waitForRequest(
        (request) =>
          new URL(request.url()).pathname === '/api/geo/track' &&
          request.postDataJSON()?.geoPointType === type,
      );
    await openAsTelegram(page, DEMO.admin, { path: '/geo-service' });
    const start = track('START');
    await page.getByRole('button', { name: 'Начать запись' }).click();

    // A phone's Telegram has location, and asks the user once for the bot.
    await expect.poll(() => posted(page, 'web_app_check_location')).toHaveLength(1);
    await emitTelegramEvent(page, 'location_checked', {
      available: true,
      access_requested: false,
      access_granted: false,
    });
    await expect.poll(() => posted(page, 'web_app_request_location')).toHaveLength(1);
    await emitTelegramEvent(page, 'location_requested', {
      available: true,
      latitude: 61.7849,
      longitude: 34.3469,
      altitude: null,
      course: null,
      speed: null,
      horizontal_accuracy: 12,
      vertical_accuracy: null,
      course_accuracy: null,
      speed_accuracy: null,
    });

    expect((await start).postDataJSON()).toMatchObject({
      username: 'demo_admin',
      lat: 61.7849,
      lon: 34.3469,
      accuracy: 12,
      geoPointType: 'START',
    });
    const end = track('END');
    await page.getByRole('button', { name: 'Остановить запись' }).click();
    expect((await end).postDataJSON()).toMatchObject({ lat: 61.7849, lon: 34.3469, geoPointType: 'END' });
    await expect(page.getByText('Отслеживание остановлено')).toBeVisible();
  });
});

test.describe('Telegram’s payment sheet (PAYMENT_PROVIDER=telegram)', () => {
  const WEBHOOK_SECRET = 'e2e-webhook-secret-for-invoices_0123';
  let botApi: Awaited<ReturnType<typeof startFakeBotApi>>;
  let stopServer: () => Promise<void>;

  test.beforeAll(async () => {
    // Its own server: the others pay through the sandbox checkout. Its start is bounded by
    // startServer's own wait (a migration and the demo data on a loaded runner).
    test.setTimeout(SERVER_START_BOUND_MS + 30_000);
    botApi = await startFakeBotApi({ token: E2E_BOT_TOKEN });
    botApi.members.set(DEMO.member.id, 'member');
    stopServer = await startServer(
      E2E_INVOICE_URL,
      {
        NODE_ENV: 'test',
        DEMO_DATA: '1',
        BOT_TOKEN: E2E_BOT_TOKEN,
        PAYMENT_PROVIDER: 'telegram',
        TELEGRAM_PAYMENT_PROVIDER_TOKEN: '381764678:TEST:100500',
        TELEGRAM_API_ROOT: botApi.apiRoot,
        // Updates come by webhook, which the test posts as Telegram would.
        PUBLIC_URL: 'https://katajsya.example',
        TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET,
        COMMUNITY_CHAT_ID: E2E_CHAT_ID,
        COMMUNITY_CHAT_LINK: 'https://t.me/katajsya_s_nami_chat',
      },
      { migrated: true },
    );
  });

  test.afterAll(async () => {
    await stopServer?.();
    await botApi?.close();
  });

  let updateId = 1;
  /** Telegram delivers an update to the bot's webhook. */
  async function deliverUpdate(page: Page, update: Record<string, unknown>) {
    const response = await page.request.post(`${E2E_INVOICE_URL}/api/telegram/webhook`, {
      headers: { 'x-telegram-bot-api-secret-token': WEBHOOK_SECRET },
      data: { update_id: updateId++, ...update },
    });
    expect(response.ok()).toBe(true);
  }

  const buyer = {
    id: DEMO.member.id,
    is_bot: false,
    first_name: DEMO.member.firstName,
    username: DEMO.member.username,
  };

  test('pays in the sheet: «paid» opens My QR, the QR appears once the server has the payment, with no question, and comes as a photo in the chat whose caption a gift edits', async ({
    page,
    request,
  }) => {
    await openAsTelegram(page, DEMO.member, { path: `${E2E_INVOICE_URL}/buy-coupons` });
    await showOffersOf(page, DEMO_PARTNER);
    await page.getByRole('button', { name: DEMO_OFFER }).click();
    await pay(page);

    await expect.poll(() => posted(page, 'web_app_open_invoice')).toHaveLength(1);
    const [opened] = await posted(page, 'web_app_open_invoice');
    const slug = (opened as { slug: string }).slug;
    expect(slug).toMatch(/^invoice-\d+$/);
    expect(await linksOpenedByTelegram(page)).toEqual([]);
    // Closing the app while the sheet is open asks first.
    expect(await posted(page, 'web_app_setup_closing_behavior')).toEqual([{ need_confirmation: true }]);
    const payload = String(botApi.callsOf('createInvoiceLink').at(-1)?.params.payload);
    const total = Number(
      (botApi.callsOf('createInvoiceLink').at(-1)?.params.prices as { amount: number }[] | undefined)?.[0]
        ?.amount,
    );
    expect(total).toBe(15_000);

    await deliverUpdate(page, {
      pre_checkout_query: {
        id: 'e2e-pre-checkout',
        from: buyer,
        currency: 'RUB',
        total_amount: total,
        invoice_payload: payload,
      },
    });
    expect(botApi.callsOf('answerPreCheckoutQuery').at(-1)?.params).toMatchObject({ ok: true });

    // The sheet says «paid» before the bot has the payment: only a hint to look at My QR.
    await emitTelegramEvent(page, 'invoice_closed', { slug, status: 'paid' });
    await expect(page).toHaveURL(/\/my-coupons$/);
    await expect(page.getByText('QR ПОКА НЕТ')).toBeVisible();
    expect(await hapticNotifications(page)).toEqual(['success']);
    expect((await posted(page, 'web_app_setup_closing_behavior')).at(-1)).toEqual({
      need_confirmation: false,
    });

    await deliverUpdate(page, {
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: buyer.id, type: 'private', first_name: buyer.first_name },
        from: buyer,
        successful_payment: {
          currency: 'RUB',
          total_amount: total,
          invoice_payload: payload,
          telegram_payment_charge_id: 'e2e-charge-1',
          provider_payment_charge_id: 'yk-e2e-charge-1',
        },
      },
    });

    // My QR reloads every 5 s: the coupon appears by the next reload.
    await expect(currentSlide(page).getByRole('heading', { name: DEMO_COMPANY })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Оплата прошла?' })).toHaveCount(0);
    expect(page.url()).not.toContain('/is-success-pay');

    // The bot keeps the QR in the chat (the outbox sends every 2 s): one photo, uploaded as a file,
    // of the very QR My QR shows, which a phone keeps with no signal.
    const photosToBuyer = () => botApi.sentPhotos().filter(({ chatId }) => chatId === buyer.id);
    await expect.poll(() => photosToBuyer().length).toBe(1);
    const [photo] = photosToBuyer();
    const api = apiAs(request, DEMO.member);
    const [coupon] = ZMyCouponsResponse.parse(
      await api.get(`${E2E_INVOICE_URL}/api/coupon/valid/qr/customer/${DEMO.member.username}`),
    );
    if (!photo || !coupon) throw new Error('no photo sent, or no coupon in My QR');
    expect(await decodeQrPng(photo.photo.content)).toBe(
      await decodeQrPng(await api.image(`${E2E_INVOICE_URL}${coupon.qrImageUrl}`)),
    );
    expect(photo.caption).toContain(`Купон «${DEMO_COMPANY}» (${DEMO_REGION}): скидка 1\u00a0000\u00a0руб`);

    // Given away, the photo's caption says its QR no longer works.
    await page.getByRole('button', { name: 'Подарить другу' }).click();
    await page.getByLabel(FRIEND_FIELD).fill('@e2e_sheet_friend');
    await pressTelegramButton(page, 'Подарить QR');
    // Nobody opened the app as her: the second look, then the gift held for her.
    await page
      .getByRole('group', { name: 'Мы еще не видели @e2e_sheet_friend в приложении.' })
      .getByRole('button', { name: 'Подарить и ждать' })
      .click();
    await expect(page.getByText(/^Подарок ждет @e2e_sheet_friend до /)).toBeVisible();
    await expect.poll(() => photo.caption).toMatch(/^Этот QR больше не действует: вы подарили купон\./);
    expect(photosToBuyer()).toHaveLength(1);
  });
});

/** Presses «Камера» and answers as Telegram's scan popup does when it reads `qrText`. */
async function scanWithTelegram(page: Page, qrText: string) {
  await page.getByRole('button', { name: 'Камера' }).click();
  await expect.poll(() => posted(page, 'web_app_open_scan_qr_popup')).toHaveLength(1);
  await emitTelegramEvent(page, 'qr_text_received', { data: qrText });
}

test.describe('with Telegram’s main button, in each theme', () => {
  for (const theme of themesToWalk('native')) {
    test(`a held gift, the buy screen and the check screen with Telegram’s main button, ${theme}`, async ({
      page,
      request,
    }) => {
      const purchasedCouponId = await buyCoupon(request, DEMO.member);
      await openAsTelegram(page, DEMO.member, {
        path: `/gift-to-friend?couponId=${purchasedCouponId}`,
        theme,
      });
      await page.getByLabel(FRIEND_FIELD).fill(`@e2e_never_came_${theme}`);
      await pressTelegramButton(page, 'Подарить QR');
      await expect(page.getByRole('group')).toBeInViewport({ ratio: 1 });
      await page.getByRole('button', { name: 'Подарить и ждать' }).click();
      await expect(page.getByText(`Подарок ждет @e2e_never_came_${theme} до`)).toBeVisible();
      await expect
        .poll(() => telegramButton(page))
        .toEqual({ text: 'Отправить другу', active: true, loading: false });

      await openAsTelegram(page, DEMO.member, { path: '/my-coupons', theme });
      await expect(page.getByText(`Для @e2e_never_came_${theme}`)).toBeVisible();

      await openAsTelegram(page, DEMO.member, { path: '/buy-coupons', theme });
      await showOffersOf(page, DEMO_PARTNER);
      await page.getByRole('button', { name: DEMO_OFFER }).click();
      await expect.poll(() => telegramButton(page)).toEqual({ text: PAY, active: true, loading: false });

      const toScan = await buyCoupon(request, DEMO.member);
      const coupon = (await listMyCoupons(request, DEMO.member)).find(({ id }) => id === toScan);
      if (!coupon) throw new Error('the bought coupon is not in the list');
      await openAsTelegram(page, DEMO.partner, { path: '/check-coupon', theme });
      await scanWithTelegram(page, await decodeQrPng(await qrPngOf(request, DEMO.member, coupon)));
      await expect
        .poll(() => telegramButton(page))
        .toEqual({ text: 'Погасить QR', active: true, loading: false });
    });
  }
});
