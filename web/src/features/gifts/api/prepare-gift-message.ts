import { ZPreparedGiftMessage } from '#contract/gifts';
import { api } from '@/lib/api';

/** The bot prepares the message about a gift that its giver shares (in MAX: its text and link alone). */
export const prepareGiftMessage = (giftId: number) =>
  api.post(`/api/gifts/${giftId}/prepared-message`, { schema: ZPreparedGiftMessage });
