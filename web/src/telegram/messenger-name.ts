/** How the app names Telegram to the people using it: the texts name the launch's messenger. */
export const TELEGRAM_NAME = 'Telegram';
