import { ZDevInitDataResponse } from '#contract/session';
import { ZStandInCallbackResponse, ZStandInChat } from '#contract/stand-in-chat';
import { api } from '@/lib/api';

/** The stand-in's two messengers: Telegram's bot, or the local MAX's. */
export type StandInMessenger = 'telegram' | 'max';

const chatPath = (messenger: StandInMessenger, userId: number) =>
  messenger === 'max' ? `/api/dev/max/chat/${userId}` : `/api/dev/chat/${userId}`;

/** The person's chat with the stand-in bot; with `since`, the server answers once it changes (or in 25 s). */
export const getStandInChat = (userId: number, since?: number, messenger: StandInMessenger = 'telegram') =>
  api.get(`${chatPath(messenger, userId)}${since === undefined ? '' : `?since=${since}`}`, ZStandInChat);

export const pressStandInButton = (
  userId: number,
  messageId: number,
  data: string,
  messenger: StandInMessenger = 'telegram',
) =>
  api.post(`${chatPath(messenger, userId)}/callback`, {
    body: { messageId, data },
    schema: ZStandInCallbackResponse,
  });

export const writeToStandInBot = (
  userId: number,
  text: string,
  replyToMessageId?: number,
  messenger: StandInMessenger = 'telegram',
) => api.post(`${chatPath(messenger, userId)}/messages`, { body: { text, replyToMessageId } });

/** Init data for the person in `messenger`, the app opened through a link with `startParam`. */
export const signInAs = (userId: number, startParam?: string, messenger: StandInMessenger = 'telegram') =>
  api.post('/api/dev/init-data', {
    body: { userId, startParam, messenger },
    schema: ZDevInitDataResponse,
  });

/** Init data for someone the app has never seen, who opened a link with `startParam` (an invitation). */
export const signInAsNewPerson = (startParam?: string) =>
  api.post('/api/dev/new-person', { body: { startParam }, schema: ZDevInitDataResponse });
