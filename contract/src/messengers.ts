/**
 * The messengers a person may come from (ADR 0019): each knows them by an id of its own, and its
 * usernames are unique only within it.
 */
export const MESSENGERS = ['telegram', 'max'] as const;
export type TMessenger = (typeof MESSENGERS)[number];

/** The messengers' names as the app's texts say them. */
export const MESSENGER_NAMES: Record<TMessenger, string> = { telegram: 'Telegram', max: 'MAX' };
