/**
 * The one rule for a Telegram username as people paste it, in every field that takes one (a gift's
 * friend, staff, a partner's spokesman, the purchases search), on the server and in the app alike:
 * `https://t.me/name`, `t.me/name`, `@name`, spaces around and case all mean `name`. No zod here: the
 * gift screen checks a name without it (its schemas, for routes and forms, are in username-schemas.ts).
 */

export const USERNAME_MIN = 5;
export const USERNAME_MAX = 32;

export const usernameTexts = {
  empty: 'Укажите юзернейм Telegram',
  notUsername: 'Это не юзернейм Telegram: в нем только латинские буквы, цифры и _',
  tooShort: `Юзернейм Telegram не короче ${USERNAME_MIN} знаков`,
  tooLong: `Юзернейм Telegram не длиннее ${USERNAME_MAX} знаков`,
  allCyrillic: 'Юзернейм Telegram пишется латиницей, а здесь русские буквы',
  cyrillic: (letters: readonly string[]) =>
    letters.length === 1
      ? `В имени русская буква «${letters[0]}»: юзернеймы Telegram пишутся латиницей`
      : `В имени русские буквы ${letters.map((letter) => `«${letter}»`).join(', ')}: юзернеймы Telegram пишутся латиницей`,
} as const;

// A profile link as Telegram shares it (t.me, telegram.me, with or without a scheme), to its name.
const PROFILE_LINK = /^(?:https?:\/\/)?(?:www\.)?(?:t|telegram)\.me\/+([^/?#]*)[/?#]?.*$/i;

/** What is left of a pasted username once its link, its '@' and the spaces around are taken off. */
export function usernameOf(typed: string): string {
  const trimmed = typed.trim();
  const fromLink = PROFILE_LINK.exec(trimmed)?.[1] ?? trimmed;
  return fromLink.replace(/^@+/, '').trim();
}

const NAME_CHARS = /^[A-Za-z0-9_]+$/;
const CYRILLIC = /\p{Script=Cyrillic}/u;

/**
 * Why a username (already through usernameOf) is not one Telegram could hold, or undefined when it
 * is. `partial`: a piece of one, as a search takes it (any length up to the longest).
 */
export function usernameProblem(name: string, { partial = false } = {}): string | undefined {
  if (name === '') return usernameTexts.empty;
  const chars = [...name];
  const cyrillic = chars.filter((char) => CYRILLIC.test(char));
  const others = chars.filter((char) => !CYRILLIC.test(char)).join('');
  // Only a name that would be one without its Russian letters is told which: else it is no name.
  if (cyrillic.length > 0 && (others === '' || NAME_CHARS.test(others)))
    return /[A-Za-z]/.test(others)
      ? usernameTexts.cyrillic([...new Set(cyrillic)])
      : usernameTexts.allCyrillic;
  if (!NAME_CHARS.test(name)) return usernameTexts.notUsername;
  if (name.length > USERNAME_MAX) return usernameTexts.tooLong;
  if (!partial && name.length < USERNAME_MIN) return usernameTexts.tooShort;
  return undefined;
}

/** A pasted username as the name it means, or the reason it is none. */
export function parseUsername(
  typed: string,
): { ok: true; username: string } | { ok: false; message: string } {
  const username = usernameOf(typed);
  const problem = usernameProblem(username);
  return problem === undefined ? { ok: true, username } : { ok: false, message: problem };
}

/** Telegram usernames are case-insensitive: «Ivan» and «ivan» are the same person. */
export const isSameUsername = (a: string, b: string) =>
  usernameOf(a).toLowerCase() === usernameOf(b).toLowerCase();
