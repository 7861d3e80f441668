import { LinkingErrorCode } from '#contract/linking';
import type { Refusals } from '../../http/errors.ts';

export const linkingRefusals = {
  [LinkingErrorCode.notLinkable]: {
    status: 409,
    message: ({ messenger }) =>
      `Связать аккаунт ${messenger} отсюда нельзя: он уже связан или бот ${messenger} не подключен`,
  },
  [LinkingErrorCode.notLinked]: {
    status: 409,
    message: ({ messenger }) => `Аккаунт ${messenger} не связан с этим`,
  },
} satisfies Refusals;
export type LinkingRefusal = keyof typeof linkingRefusals;

/** What the bot answers a start with a link code, in the messenger the code was taken in. */
export const linkTexts = {
  linked: (here: string) =>
    `Готово: этот аккаунт ${here} связан с вашим. Купоны, история и согласия теперь общие, в каком мессенджере ни откройте приложение.`,
  openButton: 'Мои QR',
  codeDead:
    'Эта ссылка для связи аккаунтов устарела или уже использована. Сделайте новую в приложении: «Мои данные» → «Связать».',
  sameMessenger: (here: string) =>
    `Эту ссылку нужно открыть в другом мессенджере, не в ${here}: она связывает аккаунты двух мессенджеров.`,
  alreadyLinked: (here: string, there: string) =>
    `Этот аккаунт ${here} уже связан с вашим аккаунтом ${there}.`,
  otherAccountLinked: (here: string) =>
    `С вашим профилем уже связан другой аккаунт ${here}. Сначала отвяжите его в «Мои данные».`,
  linkedElsewhere: (here: string, there: string) =>
    `Этот аккаунт ${here} уже связан с другим аккаунтом ${there}. Сначала отвяжите его там в «Мои данные».`,
  bothSpokesmen: (companies: string) => `оба аккаунта представляют партнеров (${companies})`,
  bothInLine: (companies: string) => `оба аккаунта стоят в очереди за одним купоном (${companies})`,
  cannotMerge: (conflicts: string[]) =>
    `Аккаунты не связаны: ${conflicts.join('; ')}. Так может быть только у одного человека; напишите администратору.`,
} as const;
