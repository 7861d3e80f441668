import { z } from 'zod';
import { usernameOf, usernameProblem, usernameTexts } from './usernames.ts';

const checked =
  (options: { partial?: boolean } = {}) =>
  (name: string, context: z.RefinementCtx) => {
    const problem = usernameProblem(name, options);
    if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
  };

/** A Telegram username as pasted, to the name it means (5–32 latin letters, digits or _). */
export const ZTelegramUsername = z
  .string({ message: usernameTexts.empty })
  .max(300, usernameTexts.tooLong)
  .transform(usernameOf)
  .superRefine(checked());

/** The purchases search: a piece of a username, as pasted; empty means no search. */
export const ZUsernameSearch = z
  .string()
  .max(300, usernameTexts.tooLong)
  .transform(usernameOf)
  .superRefine((name, context) => {
    if (name !== '') checked({ partial: true })(name, context);
  });
