import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { calendarLinks, coupons, partnerStaff, partners, photoDirectories, users } from '../schema.ts';
import { DEMO_USERS } from './demo-users.ts';

type NewPartner = typeof partners.$inferInsert;

const DEMO_PARTNERS: Array<NewPartner & { offers: Array<[price: number, discount: number]> }> = [
  {
    region: 'Карелия',
    companyName: 'Рафт-школа «Порог»',
    partnerType: 'ШКОЛА',
    phone: '79110000001',
    address: 'Республика Карелия, Лоухский р-н, пос. Чкаловский, ул. Речная, 1',
    email: 'porog@example.ru',
    spokesmanUsername: 'demo_partner',
    discountConditions: ['Скидка на курс «Рафтинг с нуля»', 'Действует с июня по сентябрь'],
    offers: [
      [150, 1000],
      [100, 500],
    ],
  },
  {
    region: 'Карелия',
    companyName: 'Прокат «Байдарка и Ко»',
    partnerType: 'ПРОКАТ',
    phone: '79110000002',
    address: 'г. Петрозаводск, Онежская набережная, 12',
    email: 'rent@example.ru',
    spokesmanUsername: 'baidarka_rent',
    discountConditions: ['Аренда от двух суток'],
    offers: [[50, 300]],
  },
  {
    region: 'Алтай',
    companyName: 'Магазин «Снаряга»',
    partnerType: 'МАГАЗИН',
    phone: '79130000003',
    address: 'г. Горно-Алтайск, пр. Коммунистический, 40',
    email: 'shop@example.ru',
    spokesmanUsername: 'snaryaga_shop',
    discountConditions: ['На спасжилеты и шлемы', 'Не суммируется с другими акциями'],
    offers: [[100, 700]],
  },
  {
    region: 'Алтай',
    companyName: 'Алтай-Тур',
    partnerType: 'ТУРЫ',
    phone: '79130000004',
    address: 'с. Усть-Кокса, ул. Набережная, 7',
    email: 'tour@example.ru',
    spokesmanUsername: 'altai_tour',
    discountConditions: ['Сплав по Катуни, 7 дней'],
    offers: [[300, 4000]],
  },
  {
    region: 'Адыгея',
    companyName: 'Сплав-Мастер',
    partnerType: 'ПРОИЗВОДСТВО',
    phone: '79180000005',
    address: 'пос. Каменномостский, ул. Мира, 3',
    email: 'master@example.ru',
    spokesmanUsername: 'splav_master',
    discountConditions: ['На катамараны под заказ'],
    offers: [[250, 3000]],
  },
  {
    region: 'Адыгея',
    companyName: 'Клуб «Белая вода»',
    partnerType: 'КЛУБ',
    phone: '79180000006',
    address: 'пос. Гузерипль, турбаза «Лагонаки»',
    email: 'club@example.ru',
    spokesmanUsername: 'belaya_voda',
    discountConditions: ['Разовое посещение тренировки'],
    offers: [[30, 150]],
  },
];

const DEMO_CALENDARS = [
  {
    buttonText: 'Сплавы Карелии',
    link: 'https://calendar.google.com/calendar/u/0/r?demo=karelia',
    position: 1,
  },
  {
    buttonText: 'Алтай: экспедиции',
    link: 'https://calendar.google.com/calendar/u/0/r?demo=altai',
    position: 2,
  },
  {
    buttonText: 'Тренировки клуба',
    link: 'https://calendar.google.com/calendar/u/0/r?demo=club',
    position: 3,
  },
];

const DEMO_DIRECTORIES = [
  {
    region: 'Карелия, р. Шуя',
    month: 7,
    organizer: 'Рафт-школа «Порог»',
    link: 'https://disk.yandex.ru/d/demo-shuya-07-porog',
  },
  { region: 'Карелия, р. Шуя', month: 7, organizer: null, link: 'https://disk.yandex.ru/d/demo-shuya-07' },
  { region: 'Карелия, р. Шуя', month: 8, organizer: null, link: 'https://disk.yandex.ru/d/demo-shuya-08' },
  {
    region: 'Алтай, р. Катунь',
    month: 8,
    organizer: 'Алтай-Тур',
    link: 'https://disk.yandex.ru/d/demo-katun-08-altai',
  },
  {
    region: 'Адыгея, р. Белая',
    month: 9,
    organizer: 'Клуб «Белая вода»',
    link: 'https://disk.yandex.ru/d/demo-belaya-09',
  },
];

/**
 * Fills an empty database with demo partners, coupons, links and users so a newcomer can click
 * through every screen. Does nothing when any user or partner exists: real data is never touched.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ count: sql<number>`(SELECT count(*) FROM users) + (SELECT count(*) FROM partners)` })
      .from(sql`(SELECT 1) AS one`);
    if (Number(existing?.count) > 0) return false;

    await tx.insert(users).values(
      DEMO_USERS.map(({ id, username, firstName, isAdmin, isChatMember }) => ({
        id,
        username,
        firstName,
        isAdmin,
        isChatMember,
      })),
    );
    const [admin, partnerUser, , , staffUser] = DEMO_USERS;
    for (const { offers, ...partner } of DEMO_PARTNERS) {
      const [created] = await tx
        .insert(partners)
        .values({
          ...partner,
          spokesmanUserId: partner.spokesmanUsername === partnerUser.username ? partnerUser.id : null,
          createdBy: admin.id,
        })
        .returning({ id: partners.id });
      if (!created) continue;
      await tx.insert(coupons).values(
        offers.map(([price, discount]) => ({
          partnerId: created.id,
          price,
          discount,
          status: 'ACCEPTED' as const,
          paymentLink: 'https://yoomoney.ru/to/demo',
          requestedBy: admin.id,
          decidedBy: admin.id,
          decidedAt: new Date(),
        })),
      );
      if (partner.spokesmanUsername === partnerUser.username) {
        await tx.insert(partnerStaff).values({
          partnerId: created.id,
          username: staffUser.username,
          userId: staffUser.id,
          addedBy: admin.id,
        });
        // One request still waiting, so the admin's request list has something to decide.
        await tx
          .insert(coupons)
          .values({ partnerId: created.id, price: 200, discount: 1500, requestedBy: partnerUser.id });
      }
    }
    await tx.insert(calendarLinks).values(DEMO_CALENDARS);
    await tx.insert(photoDirectories).values(DEMO_DIRECTORIES);
    return true;
  });
}
