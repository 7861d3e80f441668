import type { BrowserContext, Page } from '@playwright/test';
import { DEMO_COMPANY, DEMO_REGION } from './purchases.ts';
import { pressTelegramButton } from './telegram.ts';
import { expect } from './test.ts';

export const PAY = 'ОПЛАТИТЬ И СГЕНЕРИРОВАТЬ QR';
export const CONSENT = 'Согласен(на) на обработку персональных данных';
export const TRY_PAYING_AGAIN = 'Попробуйте снова провести оплату';

/** Region → type → 'ПОКАЗАТЬ ПАРТНЕРОВ' → partner → 'ПОКАЗАТЬ СКИДКИ' on the buy screen, as a buyer goes. */
export async function showOffersOf(
  page: Page,
  partner: { region: string; partnerType: string; companyName: string },
) {
  await page.getByLabel('Регион').selectOption(partner.region);
  await page.getByLabel('Тип партнера').selectOption(partner.partnerType);
  await page.getByRole('button', { name: 'ПОКАЗАТЬ ПАРТНЕРОВ' }).click();
  await page.getByLabel('Партнер', { exact: true }).selectOption({ label: partner.companyName });
  await page.getByRole('button', { name: 'ПОКАЗАТЬ СКИДКИ' }).click();
}

/**
 * Presses pay (Telegram's main button) on the chosen offer, first ticking the consent box shown to
 * a buyer who never consented (152-ФЗ). By then the offers took several answers to show: /api/me,
 * asked at start, has long said whether the box is due.
 */
export async function pay(page: Page) {
  const consent = page.getByRole('checkbox', { name: CONSENT });
  if (await consent.isVisible()) await consent.check();
  await pressTelegramButton(page, PAY);
}

/** The demo offer of «Рафт-школа «Порог»» as its button reads on the buy screen. */
export const DEMO_OFFER = 'СКИДКА ПАРТНЕРА 1000руб Цена:150руб';

/**
 * The demo offer bought as a person does under `npm start`, on the buy screen already open: the
 * offer, the consent, the page's own pay button; the sandbox checkout opens beside the app (as a
 * messenger opens a payment page in the browser), «Оплатить» there, then «Да» back in the app,
 * which opens My QR.
 */
export async function buyDemoOfferInSandbox(page: Page, context: BrowserContext) {
  await showOffersOf(page, { region: DEMO_REGION, partnerType: 'ШКОЛА', companyName: DEMO_COMPANY });
  await page.getByRole('button', { name: DEMO_OFFER }).click();
  await page.getByRole('checkbox', { name: CONSENT }).check();
  const checkoutOpens = context.waitForEvent('page');
  await page.getByRole('button', { name: PAY }).click();
  const checkout = await checkoutOpens;
  await checkout.getByRole('button', { name: 'Оплатить' }).click();
  await expect(checkout.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
  await checkout.close();
  await page.getByRole('button', { name: 'Да' }).click();
  await expect(page.getByRole('heading', { name: 'МОИ QR' })).toBeVisible();
}
