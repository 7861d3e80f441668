/**
 * The `startapp` parameters the bot's buttons open the mini-app with. Kept apart from the zod
 * schemas: the first screen reads them before any screen's code (and zod) has loaded.
 */

/** A shared gift's button: the mini-app opens on My QR. */
export const MY_COUPONS_START_PARAM = 'my-coupons';
