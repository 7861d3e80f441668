import type { APIRequestContext, Page } from '@playwright/test';
import type { TAddPartnerRequest, TPartner } from '#contract/partners';
import type { TRedemptionReport, TRedemptionRow } from '#contract/reports';
import type { TelegramUser } from '../../server/src/telegram/init-data.ts';
import { seriousViolations } from '../support/axe.ts';
import { DEMO } from '../support/constants.ts';
import { themesToWalk } from '../support/looks.ts';
import { apiAs, buyCoupon, buyOffer, DEMO_COMPANY, listMyCoupons, qrPngOf } from '../support/purchases.ts';
import { decodeQrPng } from '../support/qr.ts';
import {
  emitTelegramEvent,
  openAsTelegram,
  pressTelegramButton,
  telegramEvents,
} from '../support/telegram.ts';
import { expect, test } from '../support/test.ts';

/** A new staff member of the demo partner: not seeded, bound to the company when first seen. */
const CASHIER = { id: 700_000_010, username: 'demo_cashier', firstName: 'Вера', lastName: null } as const;

/**
 * A partner of its own with one offer on sale, in a region nobody else sells in, so what buyers see
 * of it is this test's alone. Added, requested and accepted through the API as the admin.
 */
async function partnerOnSale(request: APIRequestContext, name: string, slug: string, validity = {}) {
  const admin = apiAs(request, DEMO.admin);
  const body: TAddPartnerRequest = {
    region: `Кольский полуостров ${name}`,
    companyName: `Клуб «${name}»`,
    partnerType: 'КЛУБ',
    phoneNumber: '79210001122',
    address: 'г. Кировск, ул. Ленина, 1',
    email: 'club@example.ru',
    spokesmanNickname: `club_${slug}`,
    discountConditions: ['Скидка на сплав выходного дня'],
  };
  const partner = await admin.post<TPartner>('/api/partner/add', body);
  await admin.post('/api/coupon/apply', {
    adminUsername: DEMO.admin.username,
    partnerId: partner.id,
    price: 80,
    discount: 500,
  });
  const requests = await admin.get<{ couponId: number; partnerId: number }[]>('/api/coupons/to/apply');
  const couponId = requests.find((pending) => pending.partnerId === partner.id)?.couponId;
  if (couponId === undefined) throw new Error('the coupon request is not in the list');
  await admin.post('/api/coupon/apply/accept', { couponId, paymentLink: '' });
  await admin.put(`/api/admin/coupons/${couponId}`, validity);
  return { partner, couponId };
}

const regionsOnSale = async (request: APIRequestContext) =>
  apiAs(request, DEMO.member).get<string[]>('/api/partners/region');

const postedOf = async (page: Page, type: string) =>
  (await telegramEvents(page)).filter(([posted]) => posted === type).map(([, data]) => data);

/** Opens the mini-app as a Telegram client of an older Mini Apps version. */
async function openAsOldTelegram(page: Page, user: TelegramUser, path: string, version: string) {
  await page.addInitScript((old) => {
    window.history.replaceState(
      null,
      '',
      window.location.href.replace(/tgWebAppVersion=[^&]*/, `tgWebAppVersion=${old}`),
    );
  }, version);
  await openAsTelegram(page, user, { path });
}

test.describe('the back office', () => {
  test('the admin pauses a partner and buyers no longer see it; resumed, it is back', async ({
    page,
    request,
  }) => {
    const { partner } = await partnerOnSale(request, 'Пауза', 'pause');
    expect(await regionsOnSale(request)).toContain(partner.region);

    await openAsTelegram(page, DEMO.admin);
    await page.getByRole('button', { name: 'ПАРТНЕРЫ' }).click();
    const card = page.getByRole('article', { name: partner.companyName });
    await card.getByRole('button', { expanded: false }).click();
    await expect(card.getByText('В продаже', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Приостановить' }).click();
    // A second look, whole on the phone's screen, saying what buyers will see.
    const asked = card.getByRole('group', { name: `Приостановить партнера ${partner.companyName}?` });
    await expect(asked).toBeInViewport({ ratio: 1 });
    await expect(asked).toContainText('Покупатели перестанут видеть партнера и его купоны');
    await asked.getByRole('button', { name: 'Приостановить' }).click();
    await expect(card.getByText('Покупатели не видят партнера и его купоны')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Возобновить' })).toBeVisible();

    await openAsTelegram(page, DEMO.member, { path: '/buy-coupons' });
    await expect(page.getByLabel('Регион').locator('option', { hasText: 'Карелия' })).toHaveCount(1);
    await expect(page.getByLabel('Регион').locator('option', { hasText: partner.region })).toHaveCount(0);

    await openAsTelegram(page, DEMO.admin, { path: '/partners' });
    await card.getByRole('button', { expanded: false }).click();
    await card.getByRole('button', { name: 'Возобновить' }).click();
    await expect(card.getByRole('button', { name: 'Приостановить' })).toBeVisible();
    expect(await regionsOnSale(request)).toContain(partner.region);
  });

  test('the admin refunds a purchase under a status filter: the card leaves, the result names it at the top, and the buyer’s My QR no longer shows it', async ({
    page,
    request,
  }) => {
    const purchasedCouponId = await buyCoupon(request, DEMO.member);
    const before = await listMyCoupons(request, DEMO.member);
    expect(before.map(({ id }) => id)).toContain(purchasedCouponId);

    await openAsTelegram(page, DEMO.admin);
    await page.getByRole('button', { name: 'ПОКУПКИ' }).click();
    await page.getByLabel('Статус').selectOption({ label: 'Оплачен, не использован' });
    await page.getByLabel('Покупатель').fill('@demo_member');
    await page.getByRole('button', { name: 'Найти' }).click();
    // Newest first: the purchase just made heads the list.
    const card = page.getByRole('article', { name: `@demo_member, ${DEMO_COMPANY}` }).first();
    await card.getByRole('button', { expanded: false }).click();
    await expect(card.getByText(purchasedCouponId)).toBeVisible();
    await expect(card.getByText('Купон выдан')).toBeVisible();
    await card.getByRole('button', { name: 'Вернуть деньги' }).click();
    // The confirm step is where the eye is: whole inside the phone's screen, however long the card.
    await expect(card.getByRole('group', { name: /^Вернуть [\d\s]+руб покупателю/ })).toBeInViewport({
      ratio: 1,
    });
    await card.getByRole('button', { name: 'Да, вернуть' }).click();
    // The refunded card is no longer «не использован» and leaves the list; what was done stays in view
    // at the top, naming the coupon and whose money went back.
    await expect(page.getByText(purchasedCouponId)).toHaveCount(0);
    const result = page.getByRole('status').filter({ hasText: /^Деньги за купон/ });
    await expect(result).toHaveText(
      new RegExp(
        `^Деньги за купон «${DEMO_COMPANY}» со скидкой \\d[\\d\\s]*руб возвращены покупателю @demo_member: \\d+\\sруб\\. Купон больше не действует\\.$`,
      ),
    );
    await expect(result).toBeInViewport({ ratio: 1 });
    expect(await seriousViolations(page)).toEqual([]);

    const after = await listMyCoupons(request, DEMO.member);
    expect(after.map(({ id }) => id)).not.toContain(purchasedCouponId);
    await openAsTelegram(page, DEMO.member, { path: '/my-coupons' });
    await expect(page.locator('.slider__slide')).toHaveCount(after.length);
  });

  test('the spokesman names a staff member, who redeems a coupon in their own name', async ({
    page,
    request,
  }) => {
    await openAsTelegram(page, DEMO.partner);
    await page.getByRole('button', { name: 'СОТРУДНИКИ' }).click();
    await page.getByLabel('Юзернейм сотрудника в Telegram').fill('@demo_cashier');
    await page.getByRole('button', { name: 'ДОБАВИТЬ' }).click();
    // Vera has not opened the app yet: the spokesman is told she can redeem only once she does.
    const asked = page.getByRole('group', { name: 'Мы еще не видели @demo_cashier в приложении.' });
    await expect(asked).toBeInViewport({ ratio: 1 });
    await asked.getByRole('button', { name: 'Добавить' }).click();
    await expect(page.getByText('@demo_cashier добавлен')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Убрать @demo_cashier' })).toBeVisible();

    const purchasedCouponId = await buyCoupon(request, DEMO.member);
    const coupon = (await listMyCoupons(request, DEMO.member)).find(({ id }) => id === purchasedCouponId);
    if (!coupon) throw new Error('the bought coupon is not in the list');
    const qrText = await decodeQrPng(await qrPngOf(request, DEMO.member, coupon));

    await openAsTelegram(page, CASHIER);
    await expect(page.getByRole('button', { name: 'ОТЧЕТ О ПОГАШЕНИЯХ' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'ДОБАВЛЕНИЕ КУПОНА' })).toHaveCount(0);
    // One tap from Home, as for the partner.
    await page.getByRole('button', { name: 'ПРОВЕРИТЬ СКИДКУ' }).click();
    await expect(page.getByRole('heading', { name: 'Вы вошли как сотрудник партнера' })).toBeVisible();
    await page.getByRole('button', { name: 'Камера' }).click();
    await expect.poll(() => postedOf(page, 'web_app_open_scan_qr_popup')).toHaveLength(1);
    await emitTelegramEvent(page, 'qr_text_received', { data: qrText });
    await pressTelegramButton(page, 'Погасить QR');
    await expect(page.getByText('Купон погашен')).toBeVisible();

    const redeemed = (await listMyCoupons(request, DEMO.member)).find(({ id }) => id === purchasedCouponId);
    expect(redeemed?.status).toBe('USED');
  });

  test('the partner exports the redemption report as the GPX track downloads, or by the bot', async ({
    page,
  }) => {
    await openAsTelegram(page, DEMO.partner);
    await page.getByRole('button', { name: 'ОТЧЕТ О ПОГАШЕНИЯХ' }).click();
    await expect(page.getByText(DEMO_COMPANY, { exact: true })).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: 'Погашено' })).toBeVisible();
    await page.getByRole('button', { name: 'ВЫГРУЗИТЬ CSV' }).click();
    await expect(page.getByText('Файл CSV скачивается')).toBeVisible();

    await expect.poll(() => postedOf(page, 'web_app_request_file_download')).toHaveLength(1);
    const [download] = (await postedOf(page, 'web_app_request_file_download')) as Array<{
      url: string;
      file_name: string;
    }>;
    expect(download?.file_name).toMatch(/^pogasheniya_\d{2}\.\d{2}\.\d{4}-\d{2}\.\d{2}\.\d{4}\.csv$/);
    // Telegram fetches the signed link itself, without the app's headers.
    const csv = await page.request.get(download?.url ?? '');
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    const text = await csv.text();
    expect(text).toContain('Дата погашения');
    expect(text).toContain('Итого:');

    // Telegram learned to download files in Mini Apps 8.0: an older one gets the file from the bot.
    await openAsOldTelegram(page, DEMO.partner, '/redemption-report', '7.10');
    await page.getByRole('button', { name: 'ВЫГРУЗИТЬ CSV' }).click();
    await expect(page.getByText('Бот отправил файл CSV в чат с вами')).toBeVisible();
    expect(await postedOf(page, 'web_app_request_file_download')).toHaveLength(0);
  });
});

test.describe('the back office in each theme', () => {
  for (const theme of themesToWalk('back office')) {
    test(`every new screen at a phone's width, ${theme}`, async ({ page, request }) => {
      // A retry runs on the same server as the try before it, which may have added its partner.
      const attempt = test.info().retry ? ` ${test.info().retry + 1}` : '';
      const name = `${theme === 'light' ? 'Светлый' : 'Темный'}${attempt}`;
      const { partner, couponId } = await partnerOnSale(request, name, `${theme}${attempt.trim()}`, {
        validUntil: '2027-09-30',
      });
      await buyCoupon(request, DEMO.member);
      // Bought last, it is the first slide of My QR.
      await buyOffer(request, DEMO.member, couponId);

      await openAsTelegram(page, DEMO.admin, { theme });
      await expect(page.getByRole('button', { name: 'ЖУРНАЛ СОБЫТИЙ' })).toBeVisible();

      await page.getByRole('button', { name: 'ПАРТНЕРЫ' }).click();
      const card = page.getByRole('article', { name: partner.companyName });
      await card.getByRole('button', { expanded: false }).click();
      await expect(card).toBeVisible();
      await card.getByRole('button', { name: 'Изменить срок' }).click();
      await expect(card.getByRole('button', { name: 'Отмена' })).toBeVisible();
      await card.getByRole('button', { name: 'Отмена' }).click();
      await card.getByRole('button', { name: 'Приостановить' }).click();
      await expect(card.getByRole('group')).toBeInViewport({ ratio: 1 });
      await card.getByRole('button', { name: 'Отмена' }).click();
      await card.getByRole('button', { name: 'Снять с продажи' }).click();
      await expect(card.getByRole('group')).toBeInViewport({ ratio: 1 });
      await card.getByRole('button', { name: 'Отмена' }).click();
      await card.getByRole('button', { name: 'Изменить', exact: true }).click();

      await openAsTelegram(page, DEMO.admin, { path: '/purchases', theme });
      const purchase = page.getByRole('article').first();
      await purchase.getByRole('button', { expanded: false }).click();
      await purchase.getByRole('button', { name: 'Вернуть деньги' }).click();
      await expect(purchase.getByRole('button', { name: 'Да, вернуть' })).toBeVisible();

      await openAsTelegram(page, DEMO.admin, { path: '/settlement', theme });
      await expect(page.getByRole('heading', { name: 'ИТОГО' })).toBeVisible();

      await openAsTelegram(page, DEMO.admin, { path: '/audit-log', theme });
      await expect(page.getByRole('heading', { name: 'СОБЫТИЯ' })).toBeVisible();

      // A visit rated and commented, as a season of them would show in the report.
      await page.route('**/api/reports/redemptions?*', async (route) => {
        const response = await route.fetch();
        const report = (await response.json()) as TRedemptionReport;
        const visit: TRedemptionRow = {
          redeemedAt: new Date().toISOString(),
          purchasedCouponId: '3f0c8a52-9a1e-4c55-8f7e-2b1d6c9e0a11',
          companyName: DEMO_COMPANY,
          discount: 1000,
          price: 150,
          buyer: '@demo_member',
          redeemedBy: '@demo_partner',
          rating: 5,
          comment: 'Инструктор все понятно объяснил, на пороге было не страшно. Спасибо!',
          ratingId: 1,
          closingReceipt: null,
        };
        await route.fulfill({ response, json: { ...report, rows: [visit, ...report.rows] } });
      });
      await openAsTelegram(page, DEMO.partner, { theme });
      await expect(page.getByRole('button', { name: 'СОТРУДНИКИ' })).toBeVisible();
      await page.getByRole('button', { name: 'ОТЧЕТ О ПОГАШЕНИЯХ' }).click();
      await expect(page.getByRole('term').filter({ hasText: 'Погашено' })).toBeVisible();
      await expect(page.getByText('Оценка покупателя: 5 из 5')).toBeVisible();
      await page.getByRole('button', { name: 'СОТРУДНИКИ' }).click();
      await expect(page.getByText('СОТРУДНИКИ ПАРТНЕРА')).toBeVisible();
      await page.getByLabel('Юзернейм сотрудника в Telegram').fill(`never_seen_${theme}`);
      await page.getByRole('button', { name: 'ДОБАВИТЬ' }).click();
      await expect(page.getByRole('group')).toBeInViewport({ ratio: 1 });
      await page.getByRole('button', { name: 'Отмена' }).click();
      await page.getByRole('button', { name: 'Убрать @demo_staff' }).click();
      await expect(page.getByRole('group')).toBeInViewport({ ratio: 1 });
      await page.getByRole('button', { name: 'Отмена' }).click();

      await openAsTelegram(page, DEMO.member, { path: '/my-coupons', theme });
      const slide = page.locator('.slider__slide:not([aria-hidden])');
      await expect(slide.getByText('Действует до 30.09.2027')).toBeVisible();

      await openAsTelegram(page, DEMO.member, { path: '/buy-coupons', theme });
      await page.getByLabel('Регион').selectOption(partner.region);
      await page.getByLabel('Тип партнера').selectOption('КЛУБ');
      await page.getByRole('button', { name: 'ПОКАЗАТЬ ПАРТНЕРОВ' }).click();
      await page.getByLabel('Партнер', { exact: true }).selectOption({ label: partner.companyName });
      await page.getByRole('button', { name: 'ПОКАЗАТЬ СКИДКИ' }).click();
      await expect(page.getByText('Действует до 30.09.2027')).toBeVisible();
    });
  }
});
