import { describe, expect, it } from 'vitest';
import { ZTelegramUsername, ZUsernameSearch } from './username-schemas.ts';
import { isSameUsername, parseUsername } from './usernames.ts';

describe('the one username rule', () => {
  it.each([
    ['demo_member', 'demo_member'],
    ['@demo_member', 'demo_member'],
    ['  @demo_member  ', 'demo_member'],
    ['@ demo_member', 'demo_member'],
    ['https://t.me/demo_member', 'demo_member'],
    ['http://t.me/demo_member/', 'demo_member'],
    ['t.me/demo_member', 'demo_member'],
    ['T.ME/Demo_Member', 'Demo_Member'],
    ['https://telegram.me/demo_member?start=1', 'demo_member'],
    ['https://www.t.me/demo_member', 'demo_member'],
    [' https://t.me/@demo_member ', 'demo_member'],
  ])('reads %j as %j', (typed, name) => {
    expect(parseUsername(typed)).toEqual({ ok: true, username: name });
    expect(ZTelegramUsername.parse(typed)).toBe(name);
  });

  it.each([
    ['', 'Укажите юзернейм Telegram'],
    ['   @ ', 'Укажите юзернейм Telegram'],
    ['https://t.me/', 'Укажите юзернейм Telegram'],
    ['demо_member', 'В имени русская буква «о»: юзернеймы Telegram пишутся латиницей'],
    ['@dеmо_member', 'В имени русские буквы «е», «о»: юзернеймы Telegram пишутся латиницей'],
    ['вера_кассир', 'Юзернейм Telegram пишется латиницей, а здесь русские буквы'],
    ['🙂🙂🙂🙂🙂', 'Это не юзернейм Telegram: в нем только латинские буквы, цифры и _'],
    ['мой друг Олег', 'Это не юзернейм Telegram: в нем только латинские буквы, цифры и _'],
    ['demo member', 'Это не юзернейм Telegram: в нем только латинские буквы, цифры и _'],
    ['demo-member', 'Это не юзернейм Telegram: в нем только латинские буквы, цифры и _'],
    ['oleg', 'Юзернейм Telegram не короче 5 знаков'],
    ['a'.repeat(33), 'Юзернейм Telegram не длиннее 32 знаков'],
  ])('refuses %j: «%s»', (typed, message) => {
    expect(parseUsername(typed)).toEqual({ ok: false, message });
    const parsed = ZTelegramUsername.safeParse(typed);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('compares names whatever their case or how they were pasted', () => {
    expect(isSameUsername('https://t.me/Demo_Member', '@demo_member')).toBe(true);
    expect(isSameUsername('demo_member', 'demo_member2')).toBe(false);
  });

  it('searches by a piece of a name, pasted the same ways, and says what is wrong with one that is none', () => {
    expect(ZUsernameSearch.parse(' @Olg ')).toBe('Olg');
    expect(ZUsernameSearch.parse('t.me/olga')).toBe('olga');
    expect(ZUsernameSearch.parse('  ')).toBe('');
    expect(ZUsernameSearch.safeParse('оlga').error?.issues[0]?.message).toBe(
      'В имени русская буква «о»: юзернеймы Telegram пишутся латиницей',
    );
  });
});
