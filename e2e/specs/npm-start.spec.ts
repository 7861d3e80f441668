import type { APIRequestContext, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { buyDemoOfferInSandbox, PAY, showOffersOf } from '../support/buying.ts';
import { DEMO, E2E_STAND_IN_URL } from '../support/constants.ts';
import { themesToWalk, untilStill } from '../support/looks.ts';
import { apiSignedWith, DEMO_COMPANY, DEMO_REGION } from '../support/purchases.ts';
import { SERVER_START_BOUND_MS, startServer } from '../support/server.ts';
import { expect, test } from '../support/test.ts';

const DROP_OFFER = 'СКИДКА ПАРТНЕРА 880руб Цена:88руб';

/** The API as the stand-in's demo user calls it, with the init data the stand-in signs for them. */
async function standInApiAs(request: APIRequestContext, userId: number) {
  const csrf = await request.get(`${E2E_STAND_IN_URL}/api/csrf`);
  const signed = await request.post(`${E2E_STAND_IN_URL}/api/dev/init-data`, {
    headers: { 'X-XSRF-TOKEN': ((await csrf.json()) as { token: string }).token },
    data: { userId },
  });
  return apiSignedWith(request, ((await signed.json()) as { initData: string }).initData, E2E_STAND_IN_URL);
}

/**
 * Opens a path of the stand-in. A button pressed just before (the chat's «Открыть QR», a user
 * picked, «Открыть как новый человек») may still be navigating the page itself, once or twice; a
 * navigation of ours is then cut short (Chromium's net::ERR_ABORTED, or Playwright's «interrupted by
 * another navigation»), and made again once the page's own has landed.
 */
async function openStandIn(page: Page, path: string) {
  const url = `${E2E_STAND_IN_URL}${path}`;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.goto(url);
      return;
    } catch (error) {
      if (attempt === 3 || !/net::ERR_ABORTED|interrupted by another navigation/.test(String(error)))
        throw error;
      await page.waitForLoadState();
    }
  }
}

/** Back to the picker (from the app, if a user is signed in), and in as the demo user whose label starts so. */
async function signInAs(page: Page, label: RegExp) {
  await openStandIn(page, '/');
  const picker = page.getByRole('heading', { name: 'Войти как…' });
  const switchUser = page.getByRole('button', { name: 'Сменить пользователя' });
  await expect(picker.or(switchUser)).toBeVisible();
  if (await switchUser.isVisible()) await switchUser.click();
  await page.getByRole('button', { name: label }).click();
  await expect(page.getByText('КАТАЙСЯ С НАМИ')).toBeVisible();
}

/** «Чат с ботом» of the person signed in, opened from Home. */
async function openChat(page: Page) {
  await openStandIn(page, '/');
  await page.getByRole('button', { name: 'Чат с ботом' }).click();
  const chat = page.getByRole('dialog', { name: 'Чат с ботом' });
  await expect(chat).toBeVisible();
  return chat;
}

// What `npm install && npm start` shows: no Telegram, no bot, a browser at the server's address.
// (The file is named for that, and so sorts among the first Playwright hands out: its own server's
// start and two long tests in one worker were the run's last 35 s when it sorted last.)
test.describe('the local stand-in, opened in a plain browser', () => {
  let stopServer: () => Promise<void>;

  test.beforeAll(async () => {
    // Its own server, started only by the worker that runs this file: `npm start`'s environment,
    // with nothing set but a shorter wait of the grouped messages (a minute by default), so the
    // visit's «погашен» and «Оцените визит» come as one message within seconds. The bound is
    // startServer's own: on a loaded 2-core machine, migrating and seeding beside the other
    // workers' servers has taken longer than 90 s.
    test.setTimeout(SERVER_START_BOUND_MS + 30_000);
    stopServer = await startServer(E2E_STAND_IN_URL, { BOT_GROUP_SECONDS: '2' });
  });

  test.afterAll(async () => {
    await stopServer?.();
  });

  test('offers the demo users, and the one picked is signed in with their role', async ({ page }) => {
    await page.goto(E2E_STAND_IN_URL);
    await expect(page.getByRole('heading', { name: 'Войти как…' })).toBeVisible();
    const users = page.getByRole('button', { name: /@demo_/ });
    await expect(users).toHaveCount(5);

    await page.getByRole('button', { name: /^Администратор/ }).click();

    await expect(page.getByText('КАТАЙСЯ С НАМИ')).toBeVisible();
    await expect(page.getByRole('button', { name: 'ДОБАВЛЕНИЕ ПАРТНЕРА' })).toBeVisible();

    await page.getByRole('button', { name: 'Сменить пользователя' }).click();
    await page.getByRole('button', { name: /^Участник чата/ }).click();
    await expect(page.getByRole('button', { name: 'СКИДКИ ПАРТНЕРОВ' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'ДОБАВЛЕНИЕ ПАРТНЕРА' })).toHaveCount(0);
  });

  for (const scheme of themesToWalk('stand-in')) {
    test(`the user picker, ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(E2E_STAND_IN_URL);
      await expect(page.getByRole('button', { name: /^Администратор/ })).toBeVisible();
    });
  }

  test('the season in one browser: bought, the QR photo in the bot’s chat, redeemed, rated 5 with a comment, a reminder, changed in My QR, a friend invited', async ({
    page,
    context,
  }) => {
    // A bound, not a speed claim: the suite's longest walk, three people and forty steps, has taken
    // 90 s on a loaded 2-core machine.
    test.setTimeout(180_000);
    await signInAs(page, /^Участник чата/);
    await openStandIn(page, '/buy-coupons');
    // The sandbox checkout opens beside the app, as Telegram opens a payment page in the browser.
    await buyDemoOfferInSandbox(page, context);

    let chat = await openChat(page);
    await expect(chat.getByText(/^Оплата прошла, купон ваш: «Рафт-школа «Порог»»/)).toBeVisible();
    const photo = chat
      .getByRole('listitem')
      .filter({ hasText: 'Купон «Рафт-школа «Порог»»' })
      .getByRole('img', { name: 'QR-код купона' });
    await expect(photo).toBeVisible();
    const png = await (
      await page.request.get(new URL((await photo.getAttribute('src')) ?? '', E2E_STAND_IN_URL).href)
    ).body();
    // Its «Мои QR» opens the app there, as Telegram's web_app button would.
    await chat.getByRole('button', { name: 'Мои QR' }).first().click();
    await expect(page.getByRole('heading', { name: 'МОИ QR' })).toBeVisible();

    // The partner redeems the photo the buyer was sent, uploaded as a picture.
    await signInAs(page, /^Партнер/);
    await openStandIn(page, '/check-coupon');
    await page.getByRole('button', { name: 'Загрузить файл' }).click();
    await page
      .getByLabel(/Выберите ваш QR/)
      .setInputFiles({ name: 'kupon-qr.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Погасить QR' }).click();
    await expect(page.getByText('Купон погашен')).toBeVisible();

    await signInAs(page, /^Участник чата/);
    chat = await openChat(page);
    await expect(chat.getByText(/^Этот QR больше не действует: купон погашен/)).toBeVisible();
    await expect(chat.getByText('изменено', { exact: false })).toBeVisible();
    const question = chat.getByRole('listitem').filter({ hasText: 'Оцените визит от 1 до 5' });
    await question.getByRole('button', { name: '5', exact: true }).click();
    await expect(chat.getByRole('status')).toHaveText('Спасибо! Ваша оценка: 5 из 5.');
    // The question shows the stars given.
    await expect(question.getByRole('button', { name: '5 ✓', exact: true })).toBeVisible();

    const comment = chat.getByRole('textbox', { name: 'Ваш отзыв' });
    await expect(
      chat.getByText(/^Ответ боту на: Хотите добавить отзыв о «Рафт-школа «Порог»»/),
    ).toBeVisible();
    await comment.fill('Отличный инструктор, спасибо!');
    await chat.getByRole('button', { name: 'Отправить' }).click();
    await expect(chat.getByRole('listitem').last()).toContainText('Спасибо, отзыв сохранен.');
    await expect(chat.getByRole('textbox', { name: 'Сообщение' })).toBeVisible();
    // Anything else typed to the bot is answered with what it is for.
    await chat.getByRole('textbox', { name: 'Сообщение' }).fill('А где мой купон?');
    await chat.getByRole('button', { name: 'Отправить' }).click();
    await expect(chat.getByRole('listitem').last()).toContainText(
      'Я бот «Катайся с нами» и не читаю сообщения',
    );

    // A reminder: the coupon the demo gave her before ends tomorrow, which the first sweep after
    // start found. Its «Открыть QR» opens My QR on that coupon.
    const reminder = chat.getByRole('listitem').filter({
      hasText:
        /Купон «Прокат «Байдарка и Ко»» \(Карелия\) на скидку 300 руб\. действует до \d\d\.\d\d\.\d{4} включительно/,
    });
    await reminder.getByRole('button', { name: 'Открыть QR' }).click();
    await expect(page.getByRole('heading', { name: 'МОИ QR' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Прокат «Байдарка и Ко»' })).toBeInViewport();

    // The same rating in My QR, on the used coupon beside it: what the bot's buttons wrote is
    // there, and a change there is that record.
    await page.getByRole('button', { name: 'Следующий QR' }).click();
    await page.getByRole('button', { name: 'Оценить визит' }).click();
    const rating = page.getByRole('region', { name: 'Оценить визит' });
    await expect(rating.getByRole('button', { name: '5 из 5' })).toHaveAttribute('aria-pressed', 'true');
    await expect(rating.getByLabel('Отзыв (необязательно)')).toHaveValue('Отличный инструктор, спасибо!');
    await rating.getByRole('button', { name: '4 из 5' }).click();
    await rating.getByRole('button', { name: 'Сохранить' }).click();
    await expect(rating.getByRole('status')).toHaveText('Спасибо! Ваша оценка: 4 из 5.');

    // An invitation: the message Telegram would share, and the friend who opens it.
    await openStandIn(page, '/discounts');
    await page.getByRole('button', { name: 'ПРИГЛАСИТЬ ДРУГА' }).click();
    const share = page.getByRole('dialog', { name: 'Поделиться в Telegram' });
    await expect(share.getByText(/https:\/\/t\.me\/katajsya_local_bot\?startapp=ref_/)).toBeVisible();
    await share.getByRole('button', { name: 'Открыть как новый человек' }).click();
    // The stand-in signs the new person in, then opens the app anew at Home: that navigation is
    // waited for, or the next one of ours races it (the page above still shows the app's name).
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('heading', { name: 'КАТАЙСЯ С НАМИ' })).toBeVisible();
    // The friend is told who invited them, first on the Home they land on.
    await expect(
      page.getByRole('status').filter({ hasText: /^Вас пригласил\(а\) .*@demo_member/ }),
    ).toBeInViewport();
    await signInAs(page, /^Администратор/);
    await openStandIn(page, '/invites');
    // The admin sees the member's count, and the friend named under it.
    const invited = page.getByRole('list', { name: /^Пришли по ссылке @demo_member$/ });
    await expect(
      invited
        .getByRole('listitem')
        .filter({ hasText: /^@drug_/ })
        .first(),
    ).toBeVisible();
  });

  test('a drop of one coupon: its countdown, what is left, all gone and the line, the bot’s message to the first in line opening the buy screen with the coupon held', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const admin = await standInApiAs(request, DEMO.admin.id);
    const member = await standInApiAs(request, DEMO.member.id);
    const partnerId = (await admin.get<{ id: number; companyName: string }[]>('/api/partners')).find(
      (partner) => partner.companyName === DEMO_COMPANY,
    )?.id;
    await admin.post('/api/coupon/apply', {
      partnerId,
      price: 88,
      discount: 880,
      quantity: 1,
      // An hour ahead: counting down however slow the machine; the admin brings it forward below.
      saleStartsAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const couponId = (await admin.get<{ couponId: number }[]>('/api/coupons/to/apply')).at(-1)?.couponId;
    await admin.post('/api/coupon/apply/accept', { couponId, paymentLink: '' });

    await signInAs(page, /^Администратор/);
    await openStandIn(page, '/buy-coupons');
    await showOffersOf(page, { region: DEMO_REGION, partnerType: 'ШКОЛА', companyName: DEMO_COMPANY });
    const drop = page.getByRole('button', { name: DROP_OFFER });
    await drop.click();
    await expect(drop).toContainText(/Продажа начнется \d\d\.\d\d\.\d{4} \d\d:\d\d по Москве/);
    const countdown = page.getByText(/^До начала продажи: 00:[05]\d:\d\d$/);
    await expect(countdown).toBeVisible();
    await expect(page.getByRole('button', { name: PAY })).toBeDisabled();
    // The sale brought forward to a few seconds from now: the screen counts down to it and opens it.
    await admin.put(`/api/admin/coupons/${couponId}`, {
      saleStartsAt: new Date(Date.now() + 3_000).toISOString(),
    });
    await page.reload();
    await expect(drop).toContainText('Осталось 1 из 1', { timeout: 60_000 });

    // Another member presses pay first: the one coupon is held for their payment.
    await member.post('/api/me/consent');
    const { paymentId } = await member.post<{ paymentId: string }>(`/api/payments/${couponId}`);
    await page.reload();
    await expect(drop).toContainText('Разобрали');
    await page.getByRole('button', { name: 'Встать в очередь' }).click();
    const place = page.getByText('Вы в очереди: ваше место 1.');
    await expect(place).toBeVisible();

    // Their payment page is canceled: the coupon is held for the first in line, and the bot tells them.
    const canceled = await request.post(`${E2E_STAND_IN_URL}/api/payments/sandbox/${paymentId}/cancel`, {
      maxRedirects: 0,
    });
    expect(canceled.status()).toBe(303);
    const chat = await openChat(page);
    const told = chat
      .getByRole('listitem')
      .filter({ hasText: /^Освободился купон «Рафт-школа «Порог»» на скидку 880 руб/ });
    await expect(told).toBeVisible({ timeout: 30_000 });
    await told.getByRole('button', { name: 'Купить купон' }).click();
    const held = page.getByText(/^Купон отложен для вас до .+ по Москве\. Оплатите его/);
    await expect(held).toBeVisible();
    await expect(page.getByRole('button', { name: DROP_OFFER })).toHaveAttribute('aria-pressed', 'true');
  });

  for (const scheme of themesToWalk('stand-in-chat')) {
    test(`the buyer’s chat with the bot, ${scheme}, readable`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await signInAs(page, /^Участник чата/);
      const chat = await openChat(page);
      await expect(chat.getByText('Спасибо, отзыв сохранен.')).toBeVisible();
      await untilStill(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
