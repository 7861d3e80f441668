import { lazy, type ReactNode, Suspense } from 'react';
import { BotChatLink } from '@/telegram/dev-login/bot-chat-link';
import { SwitchUserLink } from '@/telegram/dev-login/switch-user-link';
import { isStandIn } from '@/telegram/stand-in';
import { ofLaunch } from './messenger-of-launch';

// Not in the entry every screen carries: fetched only in the stand-in, where it is drawn.
const StandInMailLink = lazy(() =>
  import('@/telegram/dev-login/mail/stand-in-mail-link').then((module) => ({
    default: module.StandInMailLink,
  })),
);

function TelegramStandInLinks() {
  return (
    <>
      <BotChatLink />
      {isStandIn() && (
        <Suspense>
          <StandInMailLink />
        </Suspense>
      )}
      <SwitchUserLink />
    </>
  );
}

/** MAX's client needs no links of a stand-in. */
const NoStandIn = () => null;

/**
 * Home's links into the local stand-in of the launch's messenger (Telegram's; MAX's is to come): the chat with the bot, the mailbox and back to the user picker. Nothing in a real client.
 */
export function StandInHomeLinks() {
  const Links = ofLaunch<() => ReactNode>({ telegram: TelegramStandInLinks, max: () => NoStandIn });
  return <Links />;
}
