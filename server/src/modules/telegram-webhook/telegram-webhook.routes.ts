import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { z } from 'zod';
import { ErrorCode } from '#contract/errors';
import { DomainError } from '../../domain/domain-error.ts';
import { NUL_CHARACTER } from '../../http/nul-guard.ts';
import { isPaidInvoice, WEBHOOK_PATH } from '../../telegram/bot.ts';
import { abortAfter } from '../../telegram/bot-api.ts';
import type { TelegramWebhookRefusal } from './texts.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

const ZUpdate = z.looseObject({ update_id: z.number().int().nonnegative() });

/**
 * Telegram's webhook: no init data and no CSRF token, the secret header is its proof (compared in
 * constant time). An update that fails is logged and still answered 200: Telegram would otherwise
 * resend it again and again, and membership heals itself from getChatMember anyway.
 */
export const telegramWebhookRoutes: FastifyPluginAsyncZod<{ bot: Bot; secret: string }> = async (
  app,
  { bot, secret },
) => {
  const expected = digest(secret);

  // The secret is checked before the body is even read: a stranger learns nothing of what we accept.
  const requireSecret = async (request: FastifyRequest) => {
    const given = request.headers['x-telegram-bot-api-secret-token'];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
      throw new DomainError<TelegramWebhookRefusal>(ErrorCode.webhookSecretInvalid);
    }
  };

  // Past the secret, whatever Telegram sent is answered 200: a body we cannot read (not JSON, not an
  // update, a NUL the database cannot hold, too large) would be resent for ever and hold back every
  // update after it. It is dropped with a log line instead.
  // A failure of ours (the bot's getMe, the database) still goes to the 5xx, so Telegram retries.
  const dropUnreadable = (
    error: FastifyError | DomainError,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const unreadable =
      error instanceof DomainError
        ? error.code === NUL_CHARACTER
        : Boolean(error.validation) || (error.statusCode ?? 500) < 500;
    if (!unreadable) throw error;
    request.log.warn({ err: error }, 'telegram update unreadable, dropped');
    return reply.status(200).send();
  };

  const options = {
    config: { csrf: false },
    onRequest: requireSecret,
    errorHandler: dropUnreadable,
    schema: { body: ZUpdate },
  };
  app.post(WEBHOOK_PATH, options, async (request, reply) => {
    // Lazily, once: getMe before the first update (launchBot usually did it at start-up).
    if (!bot.isInited()) await bot.init(abortAfter(10_000));
    try {
      await bot.handleUpdate(request.body as unknown as Update);
    } catch (err) {
      request.log.error({ err, updateId: request.body.update_id }, 'telegram update failed');
      // Money taken that we failed to record is asked for again: Telegram resends what was not
      // answered 200, and settling a charge twice issues one coupon.
      if (isPaidInvoice(request.body)) throw err;
    }
    return reply.status(200).send();
  });
};
