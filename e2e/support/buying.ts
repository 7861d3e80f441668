import type { Page } from '@playwright/test';
import { pressTelegramButton } from './telegram.ts';

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
