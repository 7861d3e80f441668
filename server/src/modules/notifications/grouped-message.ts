import type { notifications } from '../../db/schema.ts';
import type { MessageButton, MessageButtons } from '../../domain/messenger.ts';

/** What of an outbox row goes into a message. */
export type GroupMember = Pick<typeof notifications.$inferSelect, 'chatId' | 'text' | 'buttons'>;

/** The longest text message every messenger takes: MAX's 4000 characters (Telegram's is 4096). */
const TEXT_LIMIT = 4000;
/** More than this many in one message would read as a list to skim, not as news. */
const MOST_IN_ONE = 10;
const BETWEEN = '\n\n';

const rowsOf = (member: GroupMember): MessageButtons => member.buttons ?? [];

/** What a button does, whatever its words: the app's path, its link, its callback data. */
const actionOf = ({ text: _, ...action }: MessageButton) => JSON.stringify(action);

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
 * One message of a group (rows of one chat, in the order written): their texts one after another,
 * and their buttons, each once, in the same order. One row is sent as it was written.
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
    text: group.map((m) => m.text).join(BETWEEN),
    buttons: keyboard.length > 0 ? keyboard : null,
  };
}
