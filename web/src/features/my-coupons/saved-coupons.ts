import type { TMyCoupon } from '#contract/purchases';
import { deviceStore } from '@/messenger/device-storage';
import { myCouponsCheck } from './api/my-coupons-check';

/**
 * The last list the server gave, with each coupon's QR image as a `data:` address, so
 * My QR can still be shown to a partner where there is no signal. Only the listed coupons' images
 * are kept: a coupon gone from the list takes its image along.
 */
export type SavedCoupons = { coupons: TMyCoupon[]; images: Record<string, string> };

/** One key per Telegram account: a phone opened as several accounts never shows one's QR to another. */
const savedKey = (userId: number) => `katajsya.myQr.${userId}`;

const isImage = (entry: [string, unknown]): entry is [string, string] =>
  typeof entry[1] === 'string' && entry[1].startsWith('data:image/');

/** What was saved, or undefined when nothing was or it no longer has the contract's shape. */
function parseSaved(text: string | null): SavedCoupons | undefined {
  if (text === null) return undefined;
  try {
    const { coupons, images } = JSON.parse(text) as { coupons?: unknown; images?: unknown };
    const parsed = myCouponsCheck.safeParse(coupons);
    if (!parsed.success || typeof images !== 'object' || images === null) return undefined;
    return { coupons: parsed.data, images: Object.fromEntries(Object.entries(images).filter(isImage)) };
  } catch {
    return undefined;
  }
}

export async function readSavedCoupons(userId: number): Promise<SavedCoupons | undefined> {
  try {
    return parseSaved(await deviceStore().getItem(savedKey(userId)));
  } catch (error) {
    console.warn('Could not read the QR list saved on the device', error);
    return undefined;
  }
}

export async function saveCoupons(userId: number, saved: SavedCoupons): Promise<void> {
  try {
    await deviceStore().setItem(savedKey(userId), JSON.stringify(saved));
  } catch (error) {
    // The list on screen is right; only the copy for a day without signal is older.
    console.warn('Could not save the QR list on the device', error);
  }
}

/** Forgets the saved list: the user's data was erased, so nothing of theirs stays on the device. */
export async function forgetSavedCoupons(userId: number): Promise<void> {
  try {
    await deviceStore().setItem(savedKey(userId), null);
  } catch (error) {
    console.warn('Could not remove the QR list saved on the device', error);
  }
}
