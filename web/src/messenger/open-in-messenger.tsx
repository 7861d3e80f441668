import { TelegramIcon } from '@/telegram/telegram-icon';
import { messengerName, ofLaunch } from './messenger-of-launch';
import { texts } from './texts';
import '@/telegram/dev-login/dev-login.css';

/**
 * Shown when no messenger could start the app: it failed to talk to the one that launched it, or
 * the page runs in a plain browser with no local stand-in to play one.
 */
export function OpenInMessenger() {
  const Icon = ofLaunch({ telegram: TelegramIcon });
  const name = messengerName();
  return (
    <main className="dev-login">
      <div className="dev-login__icon">
        <Icon />
      </div>
      <h1 className="dev-login__title">{texts.openInMessenger.title(name)}</h1>
      <p className="dev-login__text">{texts.openInMessenger.body(name)}</p>
      <p className="dev-login__hint">{texts.openInMessenger.hint(name)}</p>
    </main>
  );
}
