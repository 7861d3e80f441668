import type { Page } from '@playwright/test';
import type { TOffer } from '#contract/coupons';
import type { TListedPartner } from '#contract/partners';
import { PAY, pay, showOffersOf } from '../support/buying.ts';
import { DEMO, E2E_BASE_URL } from '../support/constants.ts';
import { themesToWalk, untilStill } from '../support/looks.ts';
import { DEMO_COMPANY, DEMO_REGION } from '../support/purchases.ts';
import {
  coveredByTelegramBar,
  linksOpenedByTelegram,
  openAsTelegram,
  pressTelegramButton,
  telegramButton,
  telegramLinksOpened,
} from '../support/telegram.ts';
import { expect, test } from '../support/test.ts';

/** A partner this spec adds, in a region of its own so the buyer's lists are predictable. */
const PARTNER = {
  region: 'Мурманская область',
  companyName: 'Рафт-база «Умба»',
  partnerType: 'ТУРЫ',
  conditions: ['Сплав по Умбе от трех дней', 'Только по будням'],
};

/** The spokesman the admin names: a Telegram user the server has never seen before. */
const SPOKESMAN = { id: 700_000_101, username: 'e2e_new_partner', firstName: 'Ефим', lastName: null };

const OFFER = 'СКИДКА ПАРТНЕРА 500руб Цена:80руб';

/** Region → type → partner → offers, the way a buyer goes. */
async function findTheOffer(page: Page) {
  await showOffersOf(page, PARTNER);
  await expect(page.getByRole('button', { name: OFFER })).toBeVisible();
}

// One story on one server: each step builds on the data the one before it left.
test.describe.configure({ mode: 'serial' });

test.describe('the catalogue, from a new partner to a paid coupon', () => {
  test('an admin adds a partner through the form', async ({ page }) => {
    await openAsTelegram(page, DEMO.admin, { path: '/add-partner' });
    await expect(page.getByRole('heading', { name: 'Добавление партнера' })).toBeVisible();
    const submit = () => pressTelegramButton(page, 'ДОБАВИТЬ ПАРТНЕРА');

    await page.getByLabel('Регион').fill(PARTNER.region);
    // The name's limit is said before anything is sent, under the field.
    await page.getByLabel('Название компании').fill('Р'.repeat(121));
    await expect(page.getByText('Поле «Название компании» длиннее 120 символов')).toBeVisible();
    await page.getByLabel('Название компании').fill(PARTNER.companyName);
    await expect(page.getByText('Поле «Название компании» длиннее 120 символов')).toHaveCount(0);
    await page.getByLabel('Тип партнера').selectOption(PARTNER.partnerType);
    const phone = page.getByLabel('Телефон');
    await phone.pressSequentially('89215550011');
    await expect(phone).toHaveValue('+7 (921) 555-00-11');
    await page.getByLabel('Адрес').fill('пос. Умба, ул. Беломорская, 5');
    await expect
      .poll(() => telegramButton(page))
      .toEqual({ text: 'ДОБАВИТЬ ПАРТНЕРА', active: false, loading: false });
    await expect(page.getByRole('button', { name: 'ДОБАВИТЬ ПАРТНЕРА' })).toHaveCount(0);

    const email = page.getByLabel('Email');
    await email.fill('umba@example');
    await page.getByLabel('Юзернейм партнера в Telegram').fill(`@${SPOKESMAN.username}`);
    await expect(page.getByText('Неправильный формат email')).toBeVisible();
    await submit();
    await expect(page.getByText('Успешно добавлен')).toHaveCount(0);
    await email.fill('umba@example.ru');
    await expect(page.getByText('Неправильный формат email')).toHaveCount(0);

    await page.getByLabel('Условие скидки 1').fill(PARTNER.conditions[0] ?? '');
    await page.getByRole('button', { name: '+ добавить условие скидки' }).click();
    await page.getByLabel('Условие скидки 2').fill(PARTNER.conditions[1] ?? '');
    await submit();

    await expect(page.getByText('Успешно добавлен')).toBeVisible();
    await expect(page.getByLabel('Название компании')).toHaveValue('');
  });

  test('the new partner requests a coupon for their company', async ({ page }) => {
    await openAsTelegram(page, SPOKESMAN, { path: '/add-coupon' });
    const partner = page.getByLabel('Партнер', { exact: true });
    await expect(partner).toHaveValue(/\d+/);
    await expect(partner.locator('option:checked')).toHaveText(`${PARTNER.companyName} · ${PARTNER.region}`);
    await expect(page.getByRole('button', { name: 'Список заявок' })).toHaveCount(0);

    // A coupon that costs the buyer more than it saves is not sent: the reason is beside the price.
    await page.getByLabel('Цена купона, руб').fill('800');
    await page.getByLabel('Скидка, руб').fill('500');
    await expect(page.getByLabel('Цена купона, руб')).toHaveAccessibleDescription(
      /Цена должна быть меньше скидки: купон стоит покупателю меньше, чем он экономит\./,
    );
    await expect.poll(() => telegramButton(page)).toMatchObject({ text: 'ДОБАВИТЬ КУПОН', active: false });

    await page.getByLabel('Цена купона, руб').fill('80');
    await expect(page.getByText('Покупатель платит 80 руб — скидка 500 руб у партнера.')).toBeVisible();
    await expect(page.getByText('По правилу 15% скидка действует на услуги от 3 334 руб.')).toBeVisible();
    await pressTelegramButton(page, 'ДОБАВИТЬ КУПОН');

    await expect(page.getByText('Заявка отправлена')).toBeVisible();
    await expect(page.getByText('Заявка отправлена')).toHaveCount(0);
  });

  test('the admin accepts the request, asked for no link where the provider takes the money', async ({
    page,
  }) => {
    await openAsTelegram(page, DEMO.admin, { path: '/add-coupon' });
    await page.getByRole('button', { name: 'Список заявок' }).click();
    await expect(page.getByRole('heading', { name: 'Список заявок на добавление купонов' })).toBeVisible();

    const card = page.getByRole('article', { name: PARTNER.companyName });
    await expect(card).toContainText('Стоимость80 руб');
    await expect(card).toContainText('Скидка500 руб');
    await card.getByRole('button', { name: 'принять' }).click();
    await expect(card.getByLabel('Ссылка на оплату')).toHaveCount(0);
    await card.getByRole('button', { name: 'подтвердить' }).click();

    await expect(card).toHaveCount(0);
  });

  test('a rejected request never appears to buyers', async ({ page, context }) => {
    await openAsTelegram(page, SPOKESMAN, { path: '/add-coupon' });
    await expect(page.getByLabel('Партнер', { exact: true })).toHaveValue(/\d+/);
    await page.getByLabel('Цена купона, руб').fill('150');
    await page.getByLabel('Скидка, руб').fill('900');
    await pressTelegramButton(page, 'ДОБАВИТЬ КУПОН');
    await expect(page.getByText('Заявка отправлена')).toBeVisible();

    const admin = await context.newPage();
    await openAsTelegram(admin, DEMO.admin, { path: '/request-coupons' });
    const card = admin.getByRole('article', { name: PARTNER.companyName });
    await expect(card).toContainText('Стоимость150 руб');
    await card.getByRole('button', { name: 'отклонить' }).click();
    await expect(card).toHaveCount(0);

    const buyer = await context.newPage();
    await openAsTelegram(buyer, DEMO.member, { path: '/buy-coupons' });
    await findTheOffer(buyer);
    await expect(buyer.getByRole('button', { name: /СКИДКА ПАРТНЕРА/ })).toHaveCount(1);
    await expect(buyer.getByRole('button', { name: /900руб/ })).toHaveCount(0);
  });

  test('a member finds the offer by region, type and partner, with its conditions', async ({ page }) => {
    await openAsTelegram(page, DEMO.member, { path: '/buy-coupons' });
    await expect(page.getByRole('heading', { name: 'СГЕНЕРИРОВАТЬ QR' })).toBeVisible();
    await findTheOffer(page);

    await expect(page.getByText('* Не более чем 15% от стоимости услуги партнера')).toBeVisible();
    for (const condition of PARTNER.conditions) await expect(page.getByText(condition)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Условия публичной оферты' })).toHaveAttribute(
      'href',
      '/offer',
    );
    // No offer chosen yet: nothing to pay for, on the page or on Telegram's main button.
    await expect(page.getByRole('button', { name: PAY })).toHaveCount(0);
    expect(await telegramButton(page)).toBeNull();
  });

  test('a non-member learns the chat rule on arriving, and pressing pay is told to join the chat first', async ({
    page,
  }) => {
    await openAsTelegram(page, DEMO.guest, { path: '/buy-coupons' });
    // At the door, before a region is chosen, with the chat a tap away, above the bottom bar.
    const rule = page.getByRole('region', { name: 'Сплавной чат' });
    await expect(rule).toContainText('могут только участники сплавного чата');
    await expect(rule).toBeInViewport({ ratio: 1 });
    expect(await coveredByTelegramBar(page, rule)).toBe(false);
    await rule.getByRole('button', { name: 'Перейти в сплавной чат' }).click();
    expect(await telegramLinksOpened(page)).toEqual(['/katajsya_s_nami_chat']);
    await findTheOffer(page);
    await page.getByRole('button', { name: OFFER }).click();
    await pay(page);

    await expect(page.getByRole('alert')).toContainText('Сначала вступите в чат сообщества');
    // Where the eye is, at a phone's 390×844: not under the offers.
    await expect(page.getByRole('alert')).toBeInViewport({ ratio: 1 });
    await untilStill(page);
    await expect.poll(() => coveredByTelegramBar(page, page.getByRole('alert'))).toBe(false);
    expect(await linksOpenedByTelegram(page)).toEqual([]);
    // Two actions now: pay again, or go to the chat on the secondary button.
    await expect
      .poll(() => telegramButton(page, 'secondary'))
      .toEqual({ text: 'Перейти в сплавной чат', active: true, loading: false });
  });

  test('a member pressing pay gets the checkout from Telegram and the payment check 2.5 s later', async ({
    page,
  }) => {
    await openAsTelegram(page, DEMO.member, { path: '/buy-coupons' });
    await findTheOffer(page);
    await page.getByRole('button', { name: OFFER }).click();
    const pressedAt = Date.now();
    await pay(page);

    await expect(page.getByText('Страница оплаты открыта')).toBeVisible();
    const opened = await linksOpenedByTelegram(page);
    expect(opened).toHaveLength(1);
    const checkoutUrl = opened[0] ?? '';
    expect(checkoutUrl).toMatch(new RegExp(`^${E2E_BASE_URL}/api/payments/sandbox/[0-9a-f-]{36}$`));
    const paymentId = checkoutUrl.split('/').at(-1) ?? '';

    await page.waitForURL(/\/is-success-pay\?/);
    expect(Date.now() - pressedAt).toBeGreaterThanOrEqual(2400);
    const query = new URL(page.url()).searchParams;
    expect(query.get('customerUsername')).toBe(DEMO.member.username);
    expect(query.get('paymentId')).toBe(paymentId);
    expect(Number(query.get('couponId'))).toBeGreaterThan(0);
  });

  test('a member buys the offer through the whole chain and finds the coupon first in My QR', async ({
    page,
    context,
  }) => {
    await openAsTelegram(page, DEMO.member, { path: '/buy-coupons' });
    await findTheOffer(page);
    await page.getByRole('button', { name: OFFER }).click();
    await pay(page);
    await expect(page.getByText('Страница оплаты открыта')).toBeVisible();

    // Telegram opens the checkout in its browser while the mini-app stays open behind it.
    const [checkoutUrl] = await linksOpenedByTelegram(page);
    if (!checkoutUrl) throw new Error('the app asked Telegram to open no checkout');
    const checkout = await context.newPage();
    await checkout.goto(checkoutUrl);
    await expect(checkout.getByText(PARTNER.companyName)).toBeVisible();
    await expect(checkout.getByText('80 ₽')).toBeVisible();
    await checkout.getByRole('button', { name: 'Оплатить' }).click();
    await expect(checkout.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
    await checkout.close();

    await expect(page.getByRole('heading', { name: 'Оплата прошла?' })).toBeVisible();
    await page.getByRole('button', { name: 'Да' }).click();

    await expect(page.getByRole('heading', { name: 'МОИ QR' })).toBeVisible();
    const slide = page.locator('.slider__slide:not([aria-hidden])');
    await expect(slide.getByRole('heading', { name: PARTNER.companyName })).toBeVisible();
    await expect(slide.getByText('Скидка 500 руб')).toBeVisible();
    await expect(slide.getByText(PARTNER.region, { exact: true })).toBeVisible();
    await expect(
      slide.getByRole('button', { name: `Открыть крупно QR купона «${PARTNER.companyName}»` }),
    ).toBeVisible();
  });
});

test.describe('the catalogue in each theme', () => {
  for (const theme of themesToWalk('catalogue')) {
    test(`add partner, add coupon, the request list and buying, ${theme}`, async ({ page }) => {
      await openAsTelegram(page, DEMO.admin, { path: '/add-partner', theme });
      await expect
        .poll(() => telegramButton(page))
        .toEqual({ text: 'ДОБАВИТЬ ПАРТНЕРА', active: false, loading: false });
      await page.getByLabel('Регион').fill('Республика Карелия');
      await page.getByLabel('Название компании').fill('Клуб «Белая вода»');
      await page.getByLabel('Тип партнера').selectOption('КЛУБ');
      await page.getByLabel('Телефон').pressSequentially('89210001122');
      await page.getByLabel('Адрес').fill('г. Кемь, ул. Вокзальная, 3');
      await page.getByLabel('Email').fill('belaya-voda@example');
      await page.getByLabel('Юзернейм партнера в Telegram').fill('@belaya_voda');
      await page.getByLabel('Условие скидки 1').fill('Скидка на членский взнос за сезон');
      await page.getByRole('button', { name: '+ добавить условие скидки' }).click();
      await page.getByLabel('Условие скидки 2').fill('Только для новых членов клуба');
      await expect(page.getByText('Неправильный формат email')).toBeVisible();
      await expect
        .poll(() => telegramButton(page))
        .toEqual({ text: 'ДОБАВИТЬ ПАРТНЕРА', active: true, loading: false });

      // The demo partner asks for a coupon: the admin's list then has a pending request.
      await openAsTelegram(page, DEMO.partner, { path: '/add-coupon', theme });
      await expect(page.getByLabel('Партнер', { exact: true }).locator('option:checked')).toHaveText(
        `${DEMO_COMPANY} · ${DEMO_REGION}`,
      );
      await page.getByLabel('Цена купона, руб').fill('120');
      await page.getByLabel('Скидка, руб').fill('800');
      await pressTelegramButton(page, 'ДОБАВИТЬ КУПОН');
      await expect(page.getByText('Заявка отправлена')).toBeVisible();

      await openAsTelegram(page, DEMO.admin, { path: '/add-coupon', theme });
      await expect(page.getByRole('button', { name: 'Список заявок' })).toBeVisible();
      await page.getByLabel('Цена купона, руб').fill('70');
      await page.getByLabel('Скидка, руб').fill('350');
      await page
        .getByLabel('Партнер', { exact: true })
        .selectOption({ label: `${DEMO_COMPANY} · ${DEMO_REGION}` });
      await expect
        .poll(() => telegramButton(page))
        .toEqual({ text: 'ДОБАВИТЬ КУПОН', active: true, loading: false });

      await openAsTelegram(page, DEMO.admin, { path: '/request-coupons', theme });
      const card = page
        .getByRole('article', { name: DEMO_COMPANY })
        .filter({ hasText: 'Стоимость120 руб' })
        .first();
      await expect(card).toBeVisible();
      await card.getByRole('button', { name: 'принять' }).click();
      await expect(card.getByRole('button', { name: 'подтвердить' })).toBeVisible();

      // The demo partner as a season of rated visits would list it: its rating under its name.
      await page.route('**/api/partners/filter/**', async (route) => {
        const response = await route.fetch();
        const listed = (await response.json()) as TListedPartner[];
        const rated = listed.map((p) =>
          p.companyName === DEMO_COMPANY ? { ...p, rating: { average: 4.3, count: 12 } } : p,
        );
        await route.fulfill({ response, json: rated });
      });
      await openAsTelegram(page, DEMO.member, { path: '/buy-coupons', theme });
      await showOffersOf(page, { region: DEMO_REGION, partnerType: 'ШКОЛА', companyName: DEMO_COMPANY });
      await expect(page.getByText('Оценка покупателей: 4,3 из 5 (12 оценок)')).toBeVisible();
      const offer = page.getByRole('button', { name: 'СКИДКА ПАРТНЕРА 1000руб Цена:150руб' });
      await expect(offer).toBeVisible();
      await expect(offer).toContainText('Действует на услуги от 6 667 руб');
      await offer.click();
      // What the buyer pays and gets, and where the discount applies, beside the payment.
      const payment = page.getByRole('region', { name: PAY });
      await expect(payment.getByText('Вы платите 150 руб — скидка 1 000 руб у партнера')).toBeVisible();
      await expect(payment.getByText('Действует на услуги от 6 667 руб')).toBeVisible();
      await expect.poll(() => telegramButton(page)).toEqual({ text: PAY, active: true, loading: false });

      // The same offer as a drop would list it: seven of twenty left, its sale a day away, all gone.
      const drops: [Partial<TOffer>, string][] = [
        [{ quantity: 20, left: 7, perBuyer: 2 }, 'Осталось 7 из 20'],
        [
          { quantity: 20, left: 20, saleStartsAt: new Date(Date.now() + 26 * 3600_000).toISOString() },
          'по Москве',
        ],
        [{ quantity: 20, left: 0 }, 'Разобрали'],
      ];
      for (const [limits, says] of drops) {
        await page.unroute('**/api/coupons/partner/**');
        await page.route('**/api/coupons/partner/**', async (route) => {
          const response = await route.fetch();
          const offers = (await response.json()) as TOffer[];
          await route.fulfill({
            response,
            json: offers.map((o) => (o.discount === 1000 ? { ...o, ...limits } : o)),
          });
        });
        await openAsTelegram(page, DEMO.member, { path: '/buy-coupons', theme });
        await showOffersOf(page, { region: DEMO_REGION, partnerType: 'ШКОЛА', companyName: DEMO_COMPANY });
        await page.getByRole('button', { name: 'СКИДКА ПАРТНЕРА 1000руб Цена:150руб' }).click();
        await expect(page.getByRole('button', { name: 'СКИДКА ПАРТНЕРА 1000руб Цена:150руб' })).toContainText(
          says,
        );
      }
    });
  }
});
