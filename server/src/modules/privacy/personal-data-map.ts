import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Where the database holds data of people, and which kinds, as a notice to Роскомнадзор of a
 * leak names them (152-ФЗ art. 21 p. 3.1: within 24 hours). `people` are what names a person in
 * a row, each an SQL expression of its columns (a Telegram id, else a username not yet bound to one). Every table is here or in
 * `NO_PERSONAL_DATA`: personal-data-map.test.ts holds the two to the database's tables.
 */
export const PERSONAL_DATA: ReadonlyArray<{ table: string; people: readonly string[]; kinds: string }> = [
  {
    table: 'users',
    people: ['id'],
    kinds:
      'Telegram id, юзернейм, имя и фамилия, e-mail для чеков и сообщений, согласия, членство в чате, кто пригласил',
  },
  {
    table: 'messenger_identities',
    people: ['user_id'],
    kinds: 'id человека в мессенджере (Telegram, MAX)',
  },
  {
    table: 'link_codes',
    people: ['user_id'],
    kinds: 'одноразовые коды, которыми человек связывает свои аккаунты в мессенджерах',
  },
  { table: 'admin_bindings', people: ['user_id'], kinds: 'юзернейм и Telegram id администратора' },
  { table: 'app_opens', people: ['user_id'], kinds: 'дни, когда человек открывал приложение' },
  {
    table: 'partners',
    people: ["coalesce(spokesman_user_id::text, '@' || lower(spokesman_username))"],
    kinds: 'контакты партнера: телефон, e-mail, адрес, ИНН, юзернейм представителя',
  },
  {
    table: 'partner_staff',
    people: ["coalesce(user_id::text, '@' || lower(username))"],
    kinds: 'юзернеймы сотрудников партнеров',
  },
  {
    table: 'coupons',
    people: ['requested_by', 'decided_by'],
    kinds: 'кто подал и кто решил заявку на купон',
  },
  { table: 'payments', people: ['user_id'], kinds: 'платежи: сумма, статус, платежный сервис' },
  { table: 'offer_holds', people: ['user_id'], kinds: 'купон, отложенный на время оплаты: кому' },
  {
    table: 'offer_waitlist',
    people: ['user_id'],
    kinds: 'очередь за разобранными купонами: кто и когда встал',
  },
  {
    table: 'purchased_coupons',
    people: ['owner_id', 'redeemed_by'],
    kinds: 'чьи купоны, кто и когда погасил',
  },
  {
    table: 'gifts',
    people: ['from_user_id', "coalesce(to_user_id::text, '@' || lower(to_username))"],
    kinds: 'подарки: от кого и кому (юзернейм)',
  },
  { table: 'redemptions', people: ['user_id'], kinds: 'попытки погашения: кто и когда' },
  { table: 'offline_redemptions', people: ['user_id'], kinds: 'погашения без связи: кто и когда' },
  { table: 'geo_points', people: ['user_id'], kinds: 'геоданные: координаты, время, точность' },
  { table: 'notifications', people: ['chat_id'], kinds: 'тексты сообщений бота человеку' },
  {
    table: 'notification_mails',
    people: ['lower(address)'],
    kinds: 'e-mail, на который ушло сообщение бота, и когда',
  },
  { table: 'refunds', people: ['requested_by'], kinds: 'кто просил вернуть деньги' },
  { table: 'visit_ratings', people: ['user_id'], kinds: 'оценки и отзывы о визитах' },
  { table: 'audit_events', people: ['actor_id'], kinds: 'журнал действий: кто, что и когда' },
  {
    table: 'telegram_updates',
    // Only while an update waits to be handled (seconds; a paid invoice until it is settled).
    people: [
      "coalesce(body #>> '{message,from,id}', body #>> '{pre_checkout_query,from,id}', body #>> '{callback_query,from,id}', body #>> '{chat_member,new_chat_member,user,id}')",
    ],
    kinds: 'сообщения боту и в чат, оплаты, еще не обработанные ботом',
  },
];

/** Tables that name nobody: offers, links, keys, counters by key, and rows that point at coupons only. */
export const NO_PERSONAL_DATA: readonly string[] = [
  'catalogue_version',
  'calendar_links',
  'photo_directories',
  'signing_keys',
  'retired_qr_tokens',
  'rate_limit_counters',
  'coupon_reminders',
  'closing_receipts',
];

export interface PersonalDataCount {
  table: string;
  people: number;
  kinds: string;
}

/** How many different people each table holds data of, and which kinds. */
export async function countPersonalData(db: Db): Promise<PersonalDataCount[]> {
  const counts: PersonalDataCount[] = [];
  for (const { table, people, kinds } of PERSONAL_DATA) {
    // Table and column names are this file's constants, never input.
    const union = people
      .map((column) => `SELECT (${column})::text AS person FROM "${table}"`)
      .join(' UNION ALL ');
    const result = (await db.execute(
      sql.raw(`SELECT count(DISTINCT person)::int AS n FROM (${union}) AS named WHERE person IS NOT NULL`),
    )) as unknown as { rows: Array<{ n: number }> };
    counts.push({ table, people: Number(result.rows[0]?.n ?? 0), kinds });
  }
  return counts;
}
