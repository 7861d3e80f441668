import type { notifications } from '../../db/schema.ts';
import type { MessageButton, MessageButtons } from '../../domain/messenger.ts';

/** What of an outbox row goes into a message. */
export type GroupMember = Pick<typeof notifications.$inferSelect, 'chatId' | 'kind' | 'text' | 'buttons'>;

/** The longest text message every messenger takes: MAX's 4000 characters (Telegram's is 4096). */
const TEXT_LIMIT = 4000;
/** More than this many in one message would read as a list to skim, not as news. */
const MOST_IN_ONE = 10;
const BETWEEN = '\n\n';
/** A rating ask reads as the last line of its redemption's paragraph. */
const WITHIN = '\n';

const rowsOf = (member: GroupMember): MessageButtons => member.buttons ?? [];

/** What a button does, whatever its words: the app's path, its link, its callback data. */
const actionOf = ({ text: _, ...action }: MessageButton) => JSON.stringify(action);

/**
 * The ask to rate a visit, written in one transaction just after its redemption's «погашен»: one
 * piece of news with it, never split from it nor put before it.
 */
const ratesTheRowBefore = (member: GroupMember | undefined, before: GroupMember | undefined) =>
  member?.kind === 'VISIT_RATING_ASKED' && before?.kind === 'COUPON_REDEEMED';

/**
 * Whether `candidate` may join the group's message: it still fits every messenger's length, and its buttons
 * keep the keyboard readable — a button with the words of one already there must do the same
 * (two «Мои QR» are one), else a tap could not tell which it meant (two rows of 1–5 under two
 * visits); such a one waits for the next message.
 */
export function joinsGroup(group: readonly GroupMember[], candidate: GroupMember): boolean {
  if (group.length >= MOST_IN_ONE) return false;
  const length = [...group, candidate].reduce((sum, m) => sum + m.text.length + BETWEEN.length, 0);
  if (length - BETWEEN.length > TEXT_LIMIT) return false;
  const actions = new Map(
    group
      .flatMap(rowsOf)
      .flat()
      .map((b) => [b.text, actionOf(b)]),
  );
  return rowsOf(candidate)
    .flat()
    .every((b) => actions.get(b.text) === undefined || actions.get(b.text) === actionOf(b));
}

/**
 * The rows of one message: `lead` and those of `candidates` (the chat's others, in the order
 * written) that join it, in that order. A redemption joins with its ask to rate or not at all, and
 * the first that does not join ends the message: the rest go in the next, so the chat reads in the
 * order things happened.
 */
export function gatherInOrder<Member extends GroupMember>(
  lead: Member,
  candidates: readonly Member[],
): Member[] {
  const group = [lead];
  let next = 0;
  while (next < candidates.length) {
    const piece = [candidates[next] as Member];
    while (ratesTheRowBefore(candidates[next + piece.length], piece.at(-1)))
      piece.push(candidates[next + piece.length] as Member);
    const joining: Member[] = [];
    for (const member of piece) {
      if (!joinsGroup([...group, ...joining], member)) return group;
      joining.push(member);
    }
    group.push(...joining);
    next += piece.length;
  }
  return group;
}

/**
 * One message of a group (rows of one chat, in the order written): their texts one after another
 * (an ask to rate in its redemption's paragraph), and their buttons, each once, in the same order.
 * One row is sent as it was written.
 */
export function groupedMessage(group: readonly GroupMember[]): {
  chatId: number;
  text: string;
  buttons: MessageButtons | null;
} {
  const [first] = group;
  if (!first) throw new Error('a message of no rows');
  const seen = new Set<string>();
  const keyboard = group
    .flatMap(rowsOf)
    .map((row) =>
      row.filter((button) => {
        const key = `${button.text}\n${actionOf(button)}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      }),
    )
    .filter((row) => row.length > 0);
  return {
    chatId: first.chatId,
    text: group
      .map((m, n) => (n === 0 ? '' : ratesTheRowBefore(m, group[n - 1]) ? WITHIN : BETWEEN) + m.text)
      .join(''),
    buttons: keyboard.length > 0 ? keyboard : null,
  };
}
