import { z } from 'zod';
import { MESSENGER_NAMES, MESSENGERS } from './messengers.ts';

/** What a start of a bot carries when it links the person's account there: `link-<code>`. */
export const LINK_START_PREFIX = 'link-';

/** One account of a person in a messenger: its username there, if it has one. */
export const ZMessengerAccount = z.object({
  messenger: z.enum(MESSENGERS),
  username: z.string().nullable(),
});
export type TMessengerAccount = z.infer<typeof ZMessengerAccount>;

/** A person's accounts as a line: «Telegram @x · MAX @y» («MAX без имени» for one without a username). */
export const accountsText = (accounts: readonly TMessengerAccount[]) =>
  accounts
    .map(({ messenger, username }) =>
      username ? `${MESSENGER_NAMES[messenger]} @${username}` : `${MESSENGER_NAMES[messenger]} без имени`,
    )
    .join(' · ');

/**
 * GET /api/me/messengers: the caller's accounts, the launch's first, and the messengers they may
 * still link (those with a bot here where they have no account yet).
 */
export const ZMyMessengers = z.object({
  accounts: z.array(ZMessengerAccount),
  linkable: z.array(z.enum(MESSENGERS)),
});
export type TMyMessengers = z.infer<typeof ZMyMessengers>;

/**
 * POST /api/me/messengers/{messenger}/link: the link that opens that messenger's bot with a
 * one-time code, and when the code stops working.
 */
export const ZLinkStart = z.object({ link: z.string(), expiresAt: z.string() });
export type TLinkStart = z.infer<typeof ZLinkStart>;

export const LinkingErrorCode = {
  /** The messenger has no bot here, or is the launch's own. */
  notLinkable: 'messenger_not_linkable',
  tooManyCodes: 'link_codes_too_many',
  /** Unlinking the launch's own account, or one the person does not have. */
  notLinked: 'messenger_not_linked',
} as const;
