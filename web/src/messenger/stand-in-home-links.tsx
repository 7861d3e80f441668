import { BotChatLink } from '@/telegram/dev-login/bot-chat-link';
import { StandInMailLink } from '@/telegram/dev-login/mail/stand-in-mail-link';
import { SwitchUserLink } from '@/telegram/dev-login/switch-user-link';
import { ofLaunch } from './messenger-of-launch';

function TelegramStandInLinks() {
  return (
    <>
      <BotChatLink />
      <StandInMailLink />
      <SwitchUserLink />
    </>
  );
}

/**
 * Home's links into the local stand-in of the launch's messenger (Telegram's today; ADR 0019 gives
 * MAX one of its own): the chat with the bot, the mailbox and back to the user picker. Nothing in a real client.
 */
export function StandInHomeLinks() {
  const Links = ofLaunch({ telegram: TelegramStandInLinks });
  return <Links />;
}
