import { Notice } from '@/components/ui/notice';
import { useUser } from '@/features/session/api/get-me';
import { botMessagesStuck } from './bot-messages-texts';

/** An admin's line while the bot's messages do not go out (the server tells admins alone). */
export function HomeBotMessages() {
  const stuck = useUser()?.botMessagesStuck;
  return stuck && <Notice tone="error">{botMessagesStuck(stuck.minutes, stuck.telegram === 'down')}</Notice>;
}
