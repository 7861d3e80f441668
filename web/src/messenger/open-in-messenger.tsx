import { MaxIcon } from '@/max/max-icon';
import { TelegramIcon } from '@/telegram/telegram-icon';
import { everyMessengerName, launchMessenger, messengerName } from './messenger-of-launch';
import { texts } from './texts';
import '@/telegram/dev-login/dev-login.css';

/**
 * Shown when no messenger could start the app: it failed to talk to the one that launched it, or
 * the page runs in a plain browser with no local stand-in to play one. Not by the launch's adapter:
 * MAX's may be the very thing that failed to load.
 */
export function OpenInMessenger() {
  const messenger = launchMessenger();
  const Icon = messenger === 'max' ? MaxIcon : TelegramIcon;
  const name = messenger ? messengerName() : everyMessengerName();
  return (
    <main className="dev-login">
      <div className="dev-login__icon">
        <Icon />
      </div>
      <h1 className="dev-login__title">{texts.openInMessenger.title(name)}</h1>
      <p className="dev-login__text">{texts.openInMessenger.body(name)}</p>
      <p className="dev-login__hint">{texts.openInMessenger.hint(messenger, name)}</p>
    </main>
  );
}
