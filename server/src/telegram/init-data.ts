import { isExpiredError, parse, sign, validate } from '@telegram-apps/init-data-node';
import { unauthorized } from '../http/errors.ts';

export interface TelegramUser {
  id: number;
  username: string | null;
  firstName: string;
  lastName: string | null;
}

/**
 * Checks `Authorization: tma <initData>` as Telegram documents it (HMAC-SHA256 keyed by the bot
 * token) and returns the user it names. Every failure is a 401 the web app can show.
 */
export function authenticateInitData(
  authorization: string | undefined,
  botToken: string,
  maxAgeS: number,
): TelegramUser {
  const [scheme, ...rest] = (authorization ?? '').trim().split(' ');
  const initData = rest.join(' ').trim();
  if (scheme?.toLowerCase() !== 'tma' || !initData) {
    throw unauthorized('init_data_missing', 'Откройте приложение из Telegram: нет данных входа.');
  }
  try {
    validate(initData, botToken, { expiresIn: maxAgeS });
  } catch (error) {
    if (isExpiredError(error)) {
      throw unauthorized('init_data_expired', 'Сессия устарела: закройте приложение и откройте его снова.');
    }
    throw unauthorized(
      'init_data_invalid',
      'Не удалось проверить данные Telegram. Откройте приложение заново.',
    );
  }
  const user = parse(initData).user;
  if (!user) {
    throw unauthorized(
      'init_data_invalid',
      'Не удалось проверить данные Telegram. Откройте приложение заново.',
    );
  }
  return {
    id: user.id,
    username: user.username ?? null,
    firstName: user.first_name,
    lastName: user.last_name ?? null,
  };
}

/** Signs init data for a user the way Telegram does: the local stand-in and the tests use it. */
export function signInitData(user: TelegramUser, botToken: string, authDate = new Date()): string {
  return sign(
    {
      user: {
        id: user.id,
        first_name: user.firstName,
        ...(user.lastName ? { last_name: user.lastName } : {}),
        ...(user.username ? { username: user.username } : {}),
        language_code: 'ru',
        allows_write_to_pm: true,
      },
      query_id: `local-${user.id}`,
    },
    botToken,
    authDate,
  );
}
