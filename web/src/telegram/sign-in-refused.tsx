import { texts } from './dev-login/texts';
import './dev-login/dev-login.css';

/** The server did not accept Telegram's init data: the message says what to do (reopen the app). */
export function SignInRefused({ message }: { message: string }) {
  return (
    <main className="dev-login">
      <h1 className="dev-login__title">{texts.signInRefused.title}</h1>
      <p className="dev-login__text">{message}</p>
    </main>
  );
}
