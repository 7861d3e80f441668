import { describe, expect, it } from 'vitest';
import { groupedMessage, joinsGroup } from './grouped-message.ts';

const member = (text: string, buttons: { text: string; url: string }[] = []) => ({
  chatId: 7,
  text,
  buttons: buttons.length > 0 ? [buttons] : null,
});

describe('one message of a group', () => {
  it('takes no one past MAX’s 4,000 characters (Telegram takes 4,096), nor past ten', () => {
    const long = member('а'.repeat(3000));
    expect(joinsGroup([long], member('б'.repeat(998)))).toBe(true);
    expect(joinsGroup([long], member('б'.repeat(999)))).toBe(false);
    const ten = Array.from({ length: 10 }, (_, n) => member(`${n}`));
    expect(joinsGroup(ten.slice(0, 9), member('9'))).toBe(true);
    expect(joinsGroup(ten, member('10'))).toBe(false);
  });

  it('keeps a button once, and takes no one whose button of the same words goes elsewhere', () => {
    const open = { text: 'Открыть', url: 'https://t.me/bot?startapp=a' };
    const first = member('первое', [open]);
    expect(joinsGroup([first], member('второе', [open]))).toBe(true);
    expect(joinsGroup([first], member('другое', [{ ...open, url: 'https://t.me/bot?startapp=b' }]))).toBe(
      false,
    );
    expect(groupedMessage([first, member('второе', [open])])).toEqual({
      chatId: 7,
      text: 'первое\n\nвторое',
      buttons: [[open]],
    });
  });
});
