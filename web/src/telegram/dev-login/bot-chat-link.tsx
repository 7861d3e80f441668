import { lazy, Suspense, useState } from 'react';
import { launchUser } from '../launch-params';
import { isStandIn } from '../stand-in';
import { chatTexts } from './texts';
import './dev-login.css';

// Loaded on the first tap: never part of what the app loads first.
const BotChat = lazy(() => import('./bot-chat/bot-chat').then((module) => ({ default: module.BotChat })));

/** In the local stand-in only: the signed-in person's chat with the bot, as Telegram would show it. */
export function BotChatLink() {
  const [open, setOpen] = useState(false);
  const user = launchUser();
  if (!isStandIn() || !user) return null;
  return (
    <>
      <button type="button" className="switch-user-link" onClick={() => setOpen(true)}>
        {chatTexts.open}
      </button>
      {open && (
        <Suspense>
          <BotChat
            userId={user.id}
            username={user.username ?? String(user.id)}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
