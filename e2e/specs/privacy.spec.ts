import type { Page } from '@playwright/test';
import type { TMyData } from '#contract/privacy';
import type { TMeResponse } from '#contract/session';
import { CONSENT, PAY, showOffersOf } from '../support/buying.ts';
import { DEMO, FRESH_MEMBERS } from '../support/constants.ts';
import { themesToWalk } from '../support/looks.ts';
import { apiAs, buyCoupon, DEMO_COMPANY, DEMO_REGION, listMyCoupons } from '../support/purchases.ts';
import {
  emitTelegramEvent,
  linksOpenedByTelegram,
  openAsTelegram,
  pressTelegramButton,
  telegramButton,
  telegramEvents,
} from '../support/telegram.ts';
import { expect, test } from '../support/test.ts';

const DEMO_OFFER = 'СКИДКА ПАРТНЕРА 1000руб Цена:150руб';
const POLICY_TITLE = 'ПОЛИТИКА КОНФИДЕНЦИАЛЬНОСТИ';

/** The buy screen with the demo partner's offer chosen. */
async function chooseTheDemoOffer(page: Page) {
  await showOffersOf(page, { region: DEMO_REGION, partnerType: 'ШКОЛА', companyName: DEMO_COMPANY });
  await page.getByRole('button', { name: DEMO_OFFER }).click();
  await expect.poll(() => telegramButton(page)).toEqual({ text: PAY, active: true, loading: false });
}

/** The calls the app makes to record consent, counted from now. */
function consentCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/me/consent') {
      calls.push(request.url());
    }
  });
  return calls;
}

test.describe('personal data', () => {
  test('the first purchase asks for consent, the second asks nothing', async ({ page, request }) => {
    const buyer = FRESH_MEMBERS.firstBuyer;
    await openAsTelegram(page, buyer, { path: '/buy-coupons' });
    await chooseTheDemoOffer(page);

    const consent = page.getByRole('checkbox', { name: CONSENT });
    await expect(consent).toBeVisible();
    await expect(consent).not.toBeChecked();
    // The e2e server issues no fiscal receipts, so no e-mail is asked.
    await expect(page.getByLabel('E-mail для чека')).toHaveCount(0);
    await pressTelegramButton(page, PAY);
    await expect(page.getByRole('alert')).toHaveText('Отметьте согласие — без него покупка невозможна');
    expect(await linksOpenedByTelegram(page)).toEqual([]);

    await consent.check();
    await pressTelegramButton(page, PAY);
    await expect(page.getByText('Страница оплаты открыта')).toBeVisible();
    expect(await linksOpenedByTelegram(page)).toHaveLength(1);
    const me = await apiAs(request, buyer).get<TMeResponse>('/api/me');
    expect(me.consentGiven).toBe(true);

    await openAsTelegram(page, buyer, { path: '/buy-coupons' });
    const consentPosts = consentCalls(page);
    await chooseTheDemoOffer(page);
    await pressTelegramButton(page, PAY);
    await expect(page.getByText('Страница оплаты открыта')).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    expect(consentPosts).toEqual([]);
    expect(await linksOpenedByTelegram(page)).toHaveLength(1);
  });

  test('the privacy policy opens from Home and from Telegram’s Settings button', async ({ page }) => {
    await openAsTelegram(page, DEMO.member);
    await expect
      .poll(
        async () =>
          (await telegramEvents(page))
            .filter(([type]) => type === 'web_app_setup_settings_button')
            .at(-1)?.[1],
      )
      .toEqual({ is_visible: true });

    await page.getByRole('link', { name: 'Политика конфиденциальности' }).click();
    await expect(page.getByRole('heading', { name: POLICY_TITLE })).toBeVisible();
    await expect(page.getByText(/Оператор персональных данных — ИП Демо \(ИНН 000000000000/)).toBeVisible();
    await expect(
      page.getByText(/Геоточки — \d+ (день|дня|дней), затем они удаляются автоматически/),
    ).toBeVisible();

    await page.getByRole('link', { name: '«Мои данные»' }).click();
    await expect(page.getByRole('heading', { name: 'МОИ ДАННЫЕ' })).toBeVisible();

    await emitTelegramEvent(page, 'settings_button_pressed');
    await expect(page).toHaveURL(/\/privacy(#.*)?$/);
    await expect(page.getByRole('heading', { name: POLICY_TITLE })).toBeVisible();
  });

  test('«Мои данные» shows what is held, downloads a copy, and erasure starts the user afresh', async ({
    page,
    request,
  }) => {
    const eraser = FRESH_MEMBERS.eraser;
    const api = apiAs(request, eraser);
    await buyCoupon(request, eraser);
    const [bought] = await listMyCoupons(request, eraser);
    const boughtLine = `${DEMO_COMPANY} — скидка ${bought?.discount} руб.`;

    await openAsTelegram(page, eraser, { path: '/my-data' });
    await expect(page.getByText(`@${eraser.username}`)).toBeVisible();
    await expect(page.getByText(boughtLine)).toBeVisible();
    await expect(page.getByText(/^не использован · куплен/)).toBeVisible();

    // The bot's reminders, off from here as from a reminder's «Не напоминать».
    const reminders = page.getByRole('checkbox', { name: /^Напоминать в боте/ });
    await expect(reminders).toBeChecked();
    await reminders.uncheck();
    await expect.poll(async () => (await api.get<TMyData>('/api/me/data')).user.couponReminders).toBe(false);

    await page.getByRole('button', { name: 'СКАЧАТЬ МОИ ДАННЫЕ' }).click();
    await expect(page.getByText('Файл с вашими данными скачивается.')).toBeVisible();
    const [, asked] =
      (await telegramEvents(page)).filter(([type]) => type === 'web_app_request_file_download').at(-1) ?? [];
    const { url, file_name } = asked as { url: string; file_name: string };
    expect(file_name).toBe('moi-dannye.json');
    const file = await request.get(url);
    expect(file.ok()).toBe(true);
    const copy = (await file.json()) as TMyData;
    expect(copy.user.username).toBe(eraser.username);
    expect(copy.coupons.map(({ status }) => status)).toEqual(['NOT_USED']);
    expect(copy.user.qrPhotosInChat).toBe(true);

    // The QR photos in the bot's chat, turned off here, are off on the server.
    const qrPhotos = page.getByRole('checkbox', { name: 'Присылать QR в чат с ботом' });
    await expect(qrPhotos).toBeChecked();
    await qrPhotos.uncheck();
    await expect(page.getByText('Новые QR бот не присылает, они только в разделе «Мои QR».')).toBeVisible();
    await expect.poll(async () => (await api.get<TMyData>('/api/me/data')).user.qrPhotosInChat).toBe(false);

    await page.getByRole('button', { name: 'Удалить мои данные' }).click();
    await expect(page.getByRole('list', { name: 'Неиспользованные купоны' })).toHaveText(boughtLine);
    await page.getByRole('button', { name: 'УДАЛИТЬ НАВСЕГДА' }).click();
    await expect(page.getByText('Отметьте, что отказываетесь от неиспользованных купонов')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Отказываюсь от этих купонов' }).check();
    await page.getByRole('button', { name: 'УДАЛИТЬ НАВСЕГДА' }).click();
    await expect(page.getByText('Ваши данные удалены')).toBeVisible();

    const after = await api.get<TMyData>('/api/me/data');
    expect(after.user.email).toBeNull();
    expect(after.user.consent).toBeNull();
    expect(after.coupons).toEqual([]);
    expect(after.payments).toEqual([]);

    // Started afresh: the next purchase asks for consent again.
    await page.getByRole('button', { name: 'НА ГЛАВНУЮ' }).click();
    await page.getByRole('button', { name: 'СКИДКИ ПАРТНЕРОВ', exact: true }).click();
    await page.getByRole('button', { name: 'КУПИТЬ СКИДКИ ПАРТНЕРОВ' }).click();
    await chooseTheDemoOffer(page);
    await expect(page.getByRole('checkbox', { name: CONSENT })).not.toBeChecked();
  });
});

test.describe('in each theme', () => {
  for (const theme of themesToWalk('privacy')) {
    test(`the buy screen's consent and e-mail step, the policy and «Мои данные», ${theme}`, async ({
      page,
      request,
    }) => {
      const buyer = theme === 'light' ? FRESH_MEMBERS.lookLight : FRESH_MEMBERS.lookDark;
      // The e2e server issues no receipts: /api/me is answered as a server that does would answer it.
      await page.route('**/api/me', async (route) => {
        const response = await route.fetch();
        const me = (await response.json()) as TMeResponse;
        await route.fulfill({ response, json: { ...me, receiptEmailRequired: true } });
      });
      await openAsTelegram(page, buyer, { path: '/buy-coupons', theme });
      await chooseTheDemoOffer(page);
      await pressTelegramButton(page, PAY);
      await expect(page.getByText('Укажите e-mail для чека')).toBeVisible();
      await page.getByLabel('E-mail для чека').fill('lada@example');
      await pressTelegramButton(page, PAY);
      await expect(page.getByText('Неправильный формат e-mail')).toBeVisible();

      await openAsTelegram(page, buyer, { path: '/privacy', theme });
      await expect(page.getByText(/Оператор персональных данных/)).toBeVisible();

      await buyCoupon(request, buyer);
      await openAsTelegram(page, buyer, { path: '/my-data', theme });
      await expect(page.getByRole('heading', { name: 'ПРОФИЛЬ' })).toBeVisible();
      await page.getByRole('button', { name: 'Удалить мои данные' }).click();
      await expect(page.getByRole('button', { name: 'ОТМЕНА' })).toBeVisible();
    });
  }
});
