import { ErrorCode } from '#contract/errors';
import type { Refusals } from '../../http/errors.ts';

export const telegramWebhookRefusals = {
  [ErrorCode.webhookSecretInvalid]: { status: 401, message: 'Неверный секрет вебхука' },
} satisfies Refusals;
export type TelegramWebhookRefusal = keyof typeof telegramWebhookRefusals;
