import type { FastifyBaseLogger } from 'fastify';
import { Bot } from 'grammy';
import type { Chat, User } from 'grammy/types';
import type { CommunitySighting } from '../domain/messenger.ts';
import { abortAfter, telegramClient } from './bot-api.ts';
import { startLongPolling, type UpdateStore } from './long-polling.ts';
import { isMemberStatus } from './member-status.ts';
import { botTexts } from './texts.ts';

export const WEBHOOK_PATH = '/api/telegram/webhook';
/** Telegram sends chat_member updates only to bots that ask for them by name. */
export const ALLOWED_UPDATES = ['message', 'chat_member', 'pre_checkout_query', 'callback_query'] as const;

/** Whether the update tells of a paid invoice (successful_payment): money taken, never to be lost. */
export const isPaidInvoice = (update: object) => {
  const message = 'message' in update ? update.message : undefined;
  return typeof message === 'object' && message !== null && 'successful_payment' in message;
};

/** An invoice as Telegram reports it: our payment id in the payload, the sum in kopecks. */
export interface InvoiceFacts {
  payload: string;
  buyerId: number;
  currency: string;
  totalKopecks: number;
}

/** Telegram's own payment sheet (PAYMENT_PROVIDER=telegram): the checks and the settlement. */
export interface InvoiceHandlers {
  /** Undefined to accept the pre-checkout query, else the Russian reason shown on the sheet. */
  check(invoice: InvoiceFacts): Promise<string | undefined>;
  /** `providerChargeId`: the payment provider's id of the charge (YooKassa's payment id). */
  settle(paid: InvoiceFacts & { chargeId: string; providerChargeId: string }): Promise<void>;
}

/** A member seen writing in the chat is not written down again for this long. */
const SEEN_WRITING_TTL_MS = 10 * 60 * 1000;
const SEEN_WRITING_MAX = 50_000;

type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** COMMUNITY_CHAT_ID is a numeric id or a public chat's @handle. */
export function isCommunityChat(chat: Pick<Chat, 'id'> & { username?: string }, communityChatId?: string) {
  if (!communityChatId) return false;
  if (communityChatId.startsWith('@')) {
    return chat.username?.toLowerCase() === communityChatId.slice(1).toLowerCase();
  }
  return String(chat.id) === communityChatId;
}

export interface BotOptions {
  token: string;
  apiRoot: string;
  /** TELEGRAM_PROXY_URL: the relay every call to Telegram goes through. */
  proxyUrl?: string;
  communityChatId?: string;
  /**
   * A person seen joining, leaving or writing in the community chat: the app keeps them and their
   * membership (the inbound's seenInCommunity).
   */
  onSighting(seen: CommunitySighting): Promise<void>;
  invoices?: InvoiceHandlers;
  log: Logger;
}

/**
 * The bot's own handlers: the community chat's chat_member updates and messages, which keep the
 * username ↔ id table and the membership cache true, and Telegram's payment sheet. What people
 * send the bot itself goes to the app's inbound (inbound-updates.ts). Transport (webhook or long
 * polling) is `launchBot`'s business.
 */
export function createBot(options: BotOptions): Bot {
  const { onSighting, communityChatId, log } = options;
  const bot = new Bot(options.token, { client: telegramClient(options.apiRoot, options.proxyUrl) });
  const seenWriting = new Map<number, number>();

  async function recordMembership(user: User, member: boolean) {
    if (user.is_bot) return;
    await onSighting({
      from: { messenger: 'telegram', externalId: String(user.id) },
      username: user.username ?? null,
      firstName: user.first_name,
      lastName: user.last_name ?? null,
      member,
    });
  }

  const community = bot.filter((ctx) => ctx.chat !== undefined && isCommunityChat(ctx.chat, communityChatId));

  community.on('chat_member', async (ctx) => {
    const now = ctx.chatMember.new_chat_member;
    seenWriting.delete(now.user.id);
    await recordMembership(now.user, isMemberStatus(now));
  });

  community.on('message', async (ctx) => {
    const { message } = ctx;
    for (const joined of message.new_chat_members ?? []) {
      seenWriting.delete(joined.id);
      await recordMembership(joined, true);
    }
    const left = message.left_chat_member;
    if (left) {
      seenWriting.delete(left.id);
      await recordMembership(left, false);
    }
    const from = ctx.from;
    // sender_chat: written on behalf of a chat (an anonymous admin, a linked channel), not by a person.
    if (!from || from.is_bot || message.sender_chat || from.id === left?.id) return;
    const seenAt = seenWriting.get(from.id);
    if (seenAt !== undefined && Date.now() - seenAt < SEEN_WRITING_TTL_MS) return;
    await recordMembership(from, true);
    if (seenWriting.size >= SEEN_WRITING_MAX) seenWriting.clear();
    seenWriting.set(from.id, Date.now());
  });

  // Telegram waits 10 s for the answer; a check that fails says so rather than leaving the sheet hanging.
  bot.on('pre_checkout_query', async (ctx) => {
    const query = ctx.preCheckoutQuery;
    const refusal = options.invoices
      ? await options.invoices
          .check({
            payload: query.invoice_payload,
            buyerId: query.from.id,
            currency: query.currency,
            totalKopecks: query.total_amount,
          })
          .catch((err: unknown) => {
            log.error({ err }, 'pre-checkout query not checked');
            return botTexts.invoiceUnavailable;
          })
      : botTexts.invoiceUnavailable;
    await ctx.answerPreCheckoutQuery(refusal === undefined, refusal ? { error_message: refusal } : undefined);
  });

  bot.on('message:successful_payment', async (ctx) => {
    const paid = ctx.message.successful_payment;
    if (!options.invoices) {
      log.error(
        { chargeId: paid.telegram_payment_charge_id },
        'a paid invoice while the telegram provider is off',
      );
      return;
    }
    await options.invoices.settle({
      payload: paid.invoice_payload,
      buyerId: ctx.from.id,
      currency: paid.currency,
      totalKopecks: paid.total_amount,
      chargeId: paid.telegram_payment_charge_id,
      providerChargeId: paid.provider_payment_charge_id,
    });
  });

  return bot;
}

export interface BotRunner {
  stop(): Promise<void>;
}

/**
 * Connects the bot to Telegram, one way only. With PUBLIC_URL: setWebhook (with the secret and
 * chat_member among allowed_updates) and the menu button, retried until they succeed; the webhook
 * route receives the updates. Without: long polling (long-polling.ts), which itself removes any
 * webhook, each update written to `inbox` before Telegram is told it was received.
 */
export async function launchBot(
  bot: Bot,
  options: {
    publicUrl?: string;
    /** Where Telegram posts updates when not straight to PUBLIC_URL: a relay abroad that forwards them. */
    webhookUrl?: string;
    webhookSecret: string;
    log: Logger;
    retryMs?: number;
    inbox?: UpdateStore;
  },
): Promise<BotRunner> {
  const { publicUrl, webhookSecret, log } = options;

  if (publicUrl) {
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    const setUp = async () => {
      try {
        const signal = abortAfter(20_000);
        if (!bot.isInited()) await bot.init(signal);
        const url = options.webhookUrl ?? `${publicUrl}${WEBHOOK_PATH}`;
        await bot.api.setWebhook(
          url,
          { secret_token: webhookSecret, allowed_updates: [...ALLOWED_UPDATES] },
          signal,
        );
        await bot.api.setChatMenuButton(
          { menu_button: { type: 'web_app', text: botTexts.menuButton, web_app: { url: publicUrl } } },
          signal,
        );
        log.info({ url, bot: bot.botInfo.username }, 'telegram webhook and menu button set');
      } catch (err) {
        const retryMs = options.retryMs ?? 30_000;
        log.error({ err, retryInMs: retryMs }, 'could not set the telegram webhook; will retry');
        if (stopped) return;
        timer = setTimeout(() => void setUp(), retryMs);
        timer.unref();
      }
    };
    await setUp();
    return {
      // The webhook stays: other server processes behind the same address still receive updates.
      async stop() {
        stopped = true;
        if (timer) clearTimeout(timer);
      },
    };
  }

  if (!options.inbox) throw new Error('long polling needs an inbox to write the updates to');
  return startLongPolling({
    bot,
    allowedUpdates: ALLOWED_UPDATES,
    inbox: options.inbox,
    log,
    retryMs: options.retryMs,
  });
}
