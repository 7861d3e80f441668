import { and, eq, sql } from 'drizzle-orm';
import { EmailErrorCode, type TEmailState } from '#contract/email';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { MESSENGER_NAMES } from '../../domain/messenger.ts';
import type { MailLinks } from './mail-links.ts';
import type { Mailer } from './mailer.ts';
import { mailTexts } from './texts.ts';

type Logger = { error(details: object, message: string): void };

/** Where an address stands, from the user's row. */
export function emailState(row: {
  email: string | null;
  emailConfirmed: string | null;
  emailStoppedAt: Date | null;
}): TEmailState['state'] {
  if (!row.email) return 'none';
  if (row.email !== row.emailConfirmed) return 'unconfirmed';
  return row.emailStoppedAt ? 'stopped' : 'confirmed';
}

const stateColumns = {
  email: users.email,
  emailConfirmed: users.emailConfirmed,
  emailStoppedAt: users.emailStoppedAt,
};

/**
 * A person's address for the bot's messages, the receipts' one: given, confirmed by the link mailed
 * to it (nothing else is mailed before), and stopped by the link in any mail.
 */
export function createEmailAddresses(options: {
  db: Db;
  /** Absent when nothing can be mailed (no SMTP_URL outside the local stand-in). */
  mailer?: Mailer;
  links: MailLinks;
  log: Logger;
}) {
  const { db, mailer, links, log } = options;

  async function stateOf(userId: number): Promise<TEmailState> {
    const [row] = await db.select(stateColumns).from(users).where(eq(users.id, userId));
    return {
      email: row?.email ?? null,
      state: row ? emailState(row) : 'none',
      mailOn: mailer !== undefined,
    };
  }

  /** The name of the messenger the person's bot messages go through, which the mails and pages say. */
  async function messengerOf(userId: number): Promise<string> {
    const [row] = await db.select({ messenger: users.messenger }).from(users).where(eq(users.id, userId));
    return MESSENGER_NAMES[row?.messenger ?? 'telegram'];
  }

  async function sendConfirmation(userId: number, email: string): Promise<void> {
    if (!mailer) throw new DomainError(EmailErrorCode.mailOff);
    const mail = mailTexts.confirmation({
      confirmUrl: links.confirmUrl({ userId, email }),
      messenger: await messengerOf(userId),
    });
    try {
      await mailer.send({ to: email, ...mail });
    } catch (err) {
      log.error({ err, userId }, 'the confirmation mail could not be sent');
      throw new DomainError(EmailErrorCode.mailFailed);
    }
  }

  return {
    stateOf,

    /**
     * The address given (the receipts' too): a new one, or one stopped, is mailed its confirming
     * link; one already confirmed and not stopped needs nothing. Without mail it is kept for the
     * receipts alone.
     */
    async give(userId: number, email: string): Promise<TEmailState> {
      await db.update(users).set({ email }).where(eq(users.id, userId));
      const state = await stateOf(userId);
      if (mailer && state.state !== 'confirmed') await sendConfirmation(userId, email);
      return state;
    },

    /** The confirming link again, to the address on record. */
    async confirmAgain(userId: number): Promise<TEmailState> {
      const state = await stateOf(userId);
      if (state.email && state.state !== 'confirmed') await sendConfirmation(userId, state.email);
      return state;
    },

    /**
     * A confirming link followed: the address it was mailed to is confirmed, and mail resumes after
     * a stop, if it is still the one on record ('outdated' when changed since).
     */
    async confirm(token: string): Promise<{ email: string; messenger: string } | 'outdated' | undefined> {
      const link = links.verifyConfirm(token);
      if (!link) return undefined;
      const confirmed = await db
        .update(users)
        .set({ emailConfirmed: link.email, emailStoppedAt: null })
        .where(and(eq(users.id, link.userId), eq(users.email, link.email)))
        .returning({ id: users.id });
      return confirmed.length > 0
        ? { email: link.email, messenger: await messengerOf(link.userId) }
        : 'outdated';
    },

    /**
     * A stop link of ours, still in force: its page asks before stopping, naming the messenger the
     * bot's messages stay in; undefined for any other.
     */
    async stopAsked(token: string): Promise<{ messenger: string } | undefined> {
      const link = links.verifyStop(token);
      return link && { messenger: await messengerOf(link.userId) };
    },

    /** A stop link followed (or posted by a mail client): nothing more is mailed to them. */
    async stop(token: string): Promise<{ messenger: string } | undefined> {
      const link = links.verifyStop(token);
      if (!link) return undefined;
      await db
        .update(users)
        .set({ emailStoppedAt: sql`coalesce(${users.emailStoppedAt}, now())` })
        .where(eq(users.id, link.userId));
      return { messenger: await messengerOf(link.userId) };
    },
  };
}

export type EmailAddresses = ReturnType<typeof createEmailAddresses>;
