import { ZDevInitDataResponse } from '#contract/session';
import { ZStandInCallbackResponse, ZStandInChat } from '#contract/stand-in-chat';
import { api } from '@/lib/api';

/** The person's chat with the stand-in bot; with `since`, the server answers once it changes (or in 25 s). */
export const getStandInChat = (userId: number, since?: number) =>
  api.get(`/api/dev/chat/${userId}${since === undefined ? '' : `?since=${since}`}`, ZStandInChat);

export const pressStandInButton = (userId: number, messageId: number, data: string) =>
  api.post(`/api/dev/chat/${userId}/callback`, {
    body: { messageId, data },
    schema: ZStandInCallbackResponse,
  });

export const writeToStandInBot = (userId: number, text: string, replyToMessageId?: number) =>
  api.post(`/api/dev/chat/${userId}/messages`, { body: { text, replyToMessageId } });

/** Init data for the person, the app opened through a link with `startParam`. */
export const signInAs = (userId: number, startParam?: string) =>
  api.post('/api/dev/init-data', { body: { userId, startParam }, schema: ZDevInitDataResponse });

/** Init data for someone the app has never seen, who opened a link with `startParam` (an invitation). */
export const signInAsNewPerson = (startParam?: string) =>
  api.post('/api/dev/new-person', { body: { startParam }, schema: ZDevInitDataResponse });
