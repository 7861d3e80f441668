/**
 * An admin's line while the bot's messages have waited over 10 minutes. Apart from Home's texts,
 * which every screen's first script carries: only an admin told of them loads these words. When
 * this server cannot reach Telegram (blocked from Russian data centres), the relay is what to check.
 */
export const botMessagesStuck = (minutes: number, telegramDown: boolean) =>
  telegramDown
    ? `Сообщения бота не уходят уже ${waited(minutes)}: сервер не может связаться с Telegram. Проверьте прокси в TELEGRAM_PROXY_URL.`
    : `Сообщения бота не уходят уже ${waited(minutes)}. Причина — в журнале сервера.`;

/** «14 мин», «2 ч», «2 ч 5 мин»: abbreviated, so no plural forms to choose. */
function waited(minutes: number) {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} мин`;
  return rest === 0 ? `${hours} ч` : `${hours} ч ${rest} мин`;
}
