import { InviteErrorCode } from '#contract/invites';
import type { Refusals } from '../../http/errors.ts';

export const inviteRefusals = {
  [InviteErrorCode.inviteUnavailable]: {
    status: 503,
    message: 'Приглашение сейчас недоступно: бот не отвечает. Попробуйте через минуту.',
  },
} satisfies Refusals;
export type InviteRefusal = keyof typeof inviteRefusals;

/** The message a member shares with a friend, beside the link into the app. */
export const inviteTexts = {
  share: (chatLink: string) =>
    `Присоединяйся к сплавному чату «Катайся с нами»: ${chatLink}\n` +
    'Участники чата покупают скидки партнеров: школ, прокатов, туров. Открыть приложение:',
} as const;
