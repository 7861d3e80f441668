import type { Page, Request } from '@playwright/test';
import { signInitData } from '../../server/src/telegram/init-data.ts';
import { DEMO, E2E_BOT_TOKEN } from '../support/constants.ts';
import { themesToWalk } from '../support/looks.ts';
import { emitTelegramEvent, openAsTelegram, telegramEvents } from '../support/telegram.ts';
import { expect, test } from '../support/test.ts';

const SHUYA = 'Карелия, р. Шуя';

/** The events the app sent to Telegram of one type, with their data. */
async function eventsOf(page: Page, type: string) {
  return (await telegramEvents(page)).filter(([eventType]) => eventType === type).map(([, data]) => data);
}

test.describe('photo exchange', () => {
  test('finds the region-wide directory through the empty organizer segment', async ({ page }) => {
    await openAsTelegram(page, DEMO.member, { path: '/photo' });
    await page.getByLabel('Регион/Спот').selectOption(SHUYA);
    await page.getByLabel('Месяц').selectOption('Июль');
    await expect(page.getByLabel('Организатор')).toBeEnabled();

    const lookup = page.waitForRequest((request) => request.url().includes('/api/directory/uri/'));
    await page.getByRole('button', { name: 'Получить ссылку' }).click();
    expect(new URL((await lookup).url()).pathname).toBe(`/api/directory/uri/${encodeURIComponent(SHUYA)}//7`);
    const link = page.getByRole('link', { name: 'https://disk.yandex.ru/d/demo-shuya-07' });
    await expect(link).toBeVisible();

    await link.click();
    await expect
      .poll(() => eventsOf(page, 'web_app_open_link'))
      .toContainEqual(expect.objectContaining({ url: 'https://disk.yandex.ru/d/demo-shuya-07' }));
  });

  test("finds an organizer's directory", async ({ page }) => {
    await openAsTelegram(page, DEMO.member, { path: '/photo' });
    await page.getByLabel('Регион/Спот').selectOption(SHUYA);
    await page.getByLabel('Месяц').selectOption('Июль');
    await page.getByLabel('Организатор').selectOption('Рафт-школа «Порог»');
    await page.getByRole('button', { name: 'Получить ссылку' }).click();
    await expect(
      page.getByRole('link', { name: 'https://disk.yandex.ru/d/demo-shuya-07-porog' }),
    ).toBeVisible();
  });

  test('says «Такой директории нет» and asks for region and month', async ({ page }) => {
    await openAsTelegram(page, DEMO.member, { path: '/photo' });
    await page.getByRole('button', { name: 'Получить ссылку' }).click();
    await expect(page.getByText('Нужно указать как минимум регион и месяц!')).toBeVisible();

    await page.getByLabel('Регион/Спот').selectOption(SHUYA);
    await page.getByLabel('Месяц').selectOption('Октябрь');
    await page.getByRole('button', { name: 'Получить ссылку' }).click();
    await expect(page.getByText('Такой директории нет')).toBeVisible();
    await expect(page.getByRole('link')).toHaveCount(0);
  });

  for (const theme of themesToWalk('photo exchange')) {
    test(`gives a month's link in the ${theme} theme`, async ({ page }) => {
      await openAsTelegram(page, DEMO.member, { path: '/photo', theme });
      await page.getByLabel('Регион/Спот').selectOption(SHUYA);
      await page.getByLabel('Месяц').selectOption('Июль');
      await page.getByRole('button', { name: 'Получить ссылку' }).click();
      await expect(page.getByRole('link', { name: /demo-shuya-07/ })).toBeVisible();
    });
  }
});

test.describe('calendar', () => {
  test('shows a button per calendar, opening it through Telegram', async ({ page }) => {
    await openAsTelegram(page, DEMO.member, { path: '/calendar' });
    await expect(page.getByRole('heading', { name: 'КАЛЕНДАРЬ' })).toBeVisible();
    const buttons = page.locator('main button');
    await expect(buttons).toHaveText(['Сплавы Карелии', 'Алтай: экспедиции', 'Тренировки клуба']);
    await expect(
      page.getByText('* Для создания события используйте кнопку "Добавить событие" календаря'),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Алтай: экспедиции' }).click();
    await expect
      .poll(() => eventsOf(page, 'web_app_open_link'))
      .toContainEqual(
        expect.objectContaining({ url: 'https://calendar.google.com/calendar/u/0/r?demo=altai' }),
      );
  });

  for (const theme of themesToWalk('calendar')) {
    test(`lists the calendars in the ${theme} theme`, async ({ page }) => {
      await openAsTelegram(page, DEMO.member, { path: '/calendar', theme });
      await expect(page.getByRole('button', { name: 'Тренировки клуба' })).toBeVisible();
    });
  }
});

test.describe('public offer', () => {
  test('opens over Home and closes with «Закрыть» and with a click outside', async ({ page }) => {
    await openAsTelegram(page, DEMO.member);
    const dialog = page.getByRole('dialog', { name: 'Публичная оферта' });

    await page.getByRole('link', { name: 'Публичная оферта' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('ИП Демо (ИНН 000000000000, ОГРНИП 000000000000000)');
    await expect(dialog).toContainText('не более 15% от стоимости услуги');
    await page.getByRole('button', { name: 'Закрыть' }).click();
    await expect(dialog).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/');

    await page.getByRole('link', { name: 'Публичная оферта' }).click();
    await expect(dialog).toBeVisible();
    await dialog.click({ position: { x: 40, y: 80 } });
    await expect(dialog).toBeVisible();
    await page.mouse.click(6, 6);
    await expect(dialog).toHaveCount(0);
  });

  for (const theme of themesToWalk('public offer')) {
    test(`the popup and the page show the offer in the ${theme} theme`, async ({ page }) => {
      await openAsTelegram(page, DEMO.member, { theme });
      await page.getByRole('link', { name: 'Публичная оферта' }).click();
      await expect(page.getByRole('dialog')).toContainText('Реквизиты Продавца');

      await openAsTelegram(page, DEMO.member, { path: '/offer', theme });
      await expect(page.getByRole('heading', { level: 1, name: 'Публичная оферта' })).toBeVisible();
      await expect(page.getByText('1.1. Настоящий документ')).toBeVisible();
    });
  }
});

test.describe('geo service', () => {
  const KARELIA = { latitude: 62.0345, longitude: 33.9876, accuracy: 15 };

  /** Telegram Desktop has no location of its own: the app records with the webview's geolocation. */
  async function answerAsTelegramDesktop(page: Page) {
    await expect.poll(() => eventsOf(page, 'web_app_check_location')).toHaveLength(1);
    await emitTelegramEvent(page, 'location_checked', { available: false });
  }

  test('records START 2 s after start, PART a minute later and END on stop', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(KARELIA);
    await page.clock.install({ time: new Date('2026-07-15T06:59:00Z') });
    const sent: Array<Record<string, unknown>> = [];
    page.on('request', (request: Request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/geo/track') {
        sent.push(request.postDataJSON());
      }
    });
    const stored = (type: string) =>
      page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/geo/track' &&
          response.request().postDataJSON()?.geoPointType === type,
      );

    await openAsTelegram(page, DEMO.admin, { path: '/geo-service' });
    await expect(page.getByText('ЗАПИСАННЫЕ МАРШРУТЫ')).toBeVisible();
    // From here the page's time moves only when the test moves it.
    await page.clock.pauseAt(new Date('2026-07-15T07:00:00Z'));
    await page.getByRole('button', { name: 'Начать запись' }).click();
    await answerAsTelegramDesktop(page);
    await expect(page.getByText('Запись идет: ждем координаты…')).toBeVisible();

    const start = stored('START');
    await page.clock.runFor(2000);
    expect((await start).status()).toBe(204);
    expect(sent).toEqual([
      {
        username: 'demo_admin',
        lat: KARELIA.latitude,
        lon: KARELIA.longitude,
        accuracy: KARELIA.accuracy,
        ts: '2026-07-15T07:00:02.000Z',
        geoPointType: 'START',
      },
    ]);

    // The position stays put: Chromium answers a changed override with a passing "position
    // unavailable" error, which (SPEC §8) would stop the recording.
    const part = stored('PART');
    await page.clock.runFor(60_000);
    expect((await part).status()).toBe(204);
    expect(sent[1]).toMatchObject({ geoPointType: 'PART', ts: '2026-07-15T07:01:02.000Z' });

    const end = stored('END');
    await page.getByRole('button', { name: 'Остановить запись' }).click();
    expect((await end).status()).toBe(204);
    await expect(page.getByText('Отслеживание остановлено')).toBeVisible();
    expect(sent.map((point) => point.geoPointType)).toEqual(['START', 'PART', 'END']);
    await page.clock.runFor(3500);
    await expect(page.getByText('Запись маршрута не идет')).toBeVisible();
    await page.clock.resume();

    await page.getByRole('button', { name: /@demo_admin.*15.07.2026/ }).click();
    await expect(page.getByRole('img', { name: /Схема маршрута: 3 точки/ })).toBeVisible();
    await page.getByRole('button', { name: 'Скачать GPX' }).click();
    await expect.poll(() => eventsOf(page, 'web_app_request_file_download')).toHaveLength(1);
    const [download] = (await eventsOf(page, 'web_app_request_file_download')) as Array<{
      url: string;
      file_name: string;
    }>;
    expect(download?.file_name).toBe('track-demo_admin-2026-07-15.gpx');
    const gpx = await page.request.get(download?.url ?? '');
    expect(gpx.headers()['content-type']).toBe('application/gpx+xml; charset=utf-8');
    // The browser's own XML parser reads the file as GPX 1.1.
    const parsed = await page.evaluate(
      (xml) => {
        const doc = new DOMParser().parseFromString(xml, 'application/xml');
        return {
          error: doc.querySelector('parsererror')?.textContent ?? null,
          namespace: doc.documentElement.namespaceURI,
          version: doc.documentElement.getAttribute('version'),
          types: [...doc.querySelectorAll('trkpt > type')].map((type) => type.textContent),
        };
      },
      await gpx.text(),
    );
    expect(parsed).toEqual({
      error: null,
      namespace: 'http://www.topografix.com/GPX/1/1',
      version: '1.1',
      types: ['START', 'PART', 'END'],
    });
  });

  test('stops, with END, when the admin leaves the screen', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(KARELIA);
    await openAsTelegram(page, DEMO.admin, { path: '/geo-service' });
    const start = page.waitForRequest((request) => request.postDataJSON()?.geoPointType === 'START');
    await page.getByRole('button', { name: 'Начать запись' }).click();
    await answerAsTelegramDesktop(page);
    await start;

    const end = page.waitForRequest((request) => request.postDataJSON()?.geoPointType === 'END');
    await page.getByRole('button', { name: 'Назад' }).click();
    await end;
    await expect(page.getByText('КАТАЙСЯ С НАМИ')).toBeVisible();
  });

  test.describe('a recorded trip down the river', () => {
    test.beforeAll(async ({ request }) => {
      const initData = signInitData(DEMO.admin, E2E_BOT_TOKEN);
      const { token } = await (await request.get('/api/csrf')).json();
      // An hour on the water, a point a minute, winding north-east.
      for (let minute = 0; minute <= 60; minute += 1) {
        const response = await request.post('/api/geo/track', {
          headers: { authorization: `tma ${initData}`, 'x-xsrf-token': token },
          data: {
            username: DEMO.admin.username,
            lat: 62.0 + minute * 0.0005,
            lon: 33.9 + minute * 0.0006 + 0.004 * Math.sin(minute / 6),
            accuracy: 8,
            ts: new Date(Date.UTC(2026, 6, 10, 9, minute)).toISOString(),
            geoPointType: minute === 0 ? 'START' : minute === 60 ? 'END' : 'PART',
          },
        });
        expect(response.status()).toBe(204);
      }
    });

    for (const theme of themesToWalk('geo service')) {
      test(`draws a track's route in the ${theme} theme`, async ({ page }) => {
        await openAsTelegram(page, DEMO.admin, { path: '/geo-service', theme });
        await page.getByRole('button', { name: /@demo_admin.*10.07.2026.*по Москве.*61 точка/ }).click();
        await expect(page.getByRole('img', { name: /Схема маршрута: 61 точка/ })).toBeVisible();
      });
    }
  });

  test('is not offered to a member', async ({ page }) => {
    await openAsTelegram(page, DEMO.member, { path: '/geo-service' });
    await expect(page.getByText('Геосервис доступен только администраторам')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Начать запись' })).toHaveCount(0);
  });
});

test.describe('calendar and photo links, kept by admins', () => {
  test('an admin adds a calendar from Home, everyone sees it, and the admin removes it', async ({ page }) => {
    await openAsTelegram(page, DEMO.admin);
    await page.getByRole('button', { name: 'КАЛЕНДАРИ И ФОТО' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'КАЛЕНДАРИ И ФОТО' })).toBeVisible();

    const calendars = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'КАЛЕНДАРИ' }) });
    await calendars.getByLabel('Текст кнопки').fill('Сплавы Урала');
    await calendars.getByLabel('Ссылка на календарь').fill('https://calendar.example/ural');
    await calendars.getByRole('button', { name: 'Добавить календарь' }).click();
    await expect(calendars.getByText('Сохранено')).toBeVisible();
    await expect(calendars.getByText('Сплавы Урала')).toBeVisible();

    await openAsTelegram(page, DEMO.member, { path: '/calendar' });
    await expect(page.locator('main button')).toHaveText([
      'Сплавы Карелии',
      'Алтай: экспедиции',
      'Тренировки клуба',
      'Сплавы Урала',
    ]);

    await openAsTelegram(page, DEMO.admin, { path: '/community-links' });
    const ural = calendars.getByRole('listitem').filter({ hasText: 'Сплавы Урала' });
    await ural.getByRole('button', { name: 'Удалить' }).click();
    await ural.getByRole('button', { name: 'Да, удалить' }).click();
    await expect(calendars.getByText('Удалено')).toBeVisible();
    await expect(calendars.getByText('Сплавы Урала')).toHaveCount(0);
  });

  test('is not offered to a member', async ({ page }) => {
    await openAsTelegram(page, DEMO.member, { path: '/community-links' });
    await expect(page.getByText('Раздел доступен только администраторам')).toBeVisible();
  });

  for (const theme of themesToWalk('community links')) {
    test(`lists the calendars and the photo folders in the ${theme} theme`, async ({ page }) => {
      await openAsTelegram(page, DEMO.admin, { path: '/community-links', theme });
      await expect(page.getByText('Сплавы Карелии')).toBeVisible();
      await expect(page.getByText('ПАПКИ С ФОТО')).toBeVisible();
    });
  }
});
