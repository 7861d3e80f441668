import { lazy, Suspense, useState } from 'react';
import type { TDevUser } from '#contract/session';
import { Button } from '@/components/ui/button';
import { launchStandInMax } from '@/max/stand-in';
import { OpenInMessenger } from '@/messenger/open-in-messenger';
import { useCreateDevInitData } from './api/create-dev-init-data';
import { useDevUsers } from './api/get-dev-users';
import type { StandInMessenger } from './api/stand-in-chat';
import { mailTexts } from './mail/texts';
import { chatTexts, texts } from './texts';
import './dev-login.css';
import { uiTexts } from '@/components/ui/texts';

const BotChat = lazy(() => import('./bot-chat/bot-chat').then((module) => ({ default: module.BotChat })));
const StandInMail = lazy(() =>
  import('./mail/stand-in-mail').then((module) => ({ default: module.StandInMail })),
);

type DevLoginProps = {
  /** Called with init data the server signed for the picked demo user. */
  onLogin: (initData: string) => void;
};

/** The local stand-in's user picker; without a stand-in server it asks to open Telegram. */
export function DevLogin({ onLogin }: DevLoginProps) {
  const users = useDevUsers();
  const login = useCreateDevInitData({
    onSuccess: (initData, { messenger }) =>
      messenger === 'max' ? launchStandInMax(initData) : onLogin(initData),
  });
  const [chatOf, setChatOf] = useState<{ user: TDevUser; messenger: StandInMessenger }>();
  const [mailOf, setMailOf] = useState<TDevUser>();

  if (users.isPending) {
    return (
      <main className="dev-login">
        <p className="dev-login__hint">{uiTexts.loading}</p>
      </main>
    );
  }
  if (users.isError || users.data.length === 0) return <OpenInMessenger />;

  return (
    <main className="dev-login">
      <h1 className="dev-login__title">{texts.picker.title}</h1>
      <p className="dev-login__text">{texts.picker.body}</p>
      <div className="dev-login__users">
        {users.data.map((user) => (
          <div key={user.id} className="dev-login__user">
            <Button
              variant="secondary"
              disabled={login.isPending}
              pressed={login.isPending && login.variables?.userId === user.id}
              onClick={() => login.mutate({ userId: user.id, messenger: 'telegram' })}
            >
              <span className="dev-login__user-label">{user.label}</span>
              <span className="dev-login__user-name">@{user.username}</span>
            </Button>
            <button
              type="button"
              className="switch-user-link dev-login__chat"
              aria-label={`${chatTexts.open}: ${user.label}`}
              onClick={() => setChatOf({ user, messenger: 'telegram' })}
            >
              {chatTexts.open}
            </button>
            <button
              type="button"
              className="switch-user-link dev-login__chat"
              aria-label={`${texts.picker.inMax}: ${user.label}`}
              disabled={login.isPending}
              onClick={() => login.mutate({ userId: user.id, messenger: 'max' })}
            >
              {texts.picker.inMax}
            </button>
            <button
              type="button"
              className="switch-user-link dev-login__chat"
              aria-label={`${chatTexts.openInMax}: ${user.label}`}
              onClick={() => setChatOf({ user, messenger: 'max' })}
            >
              {chatTexts.openInMax}
            </button>
            <button
              type="button"
              className="switch-user-link dev-login__chat"
              aria-label={`${mailTexts.open}: ${user.label}`}
              onClick={() => setMailOf(user)}
            >
              {mailTexts.open}
            </button>
          </div>
        ))}
      </div>
      {chatOf && (
        <Suspense>
          <BotChat
            userId={chatOf.user.id}
            username={chatOf.user.username}
            messenger={chatOf.messenger}
            onClose={() => setChatOf(undefined)}
          />
        </Suspense>
      )}
      {mailOf && (
        <Suspense>
          <StandInMail userId={mailOf.id} username={mailOf.username} onClose={() => setMailOf(undefined)} />
        </Suspense>
      )}
      {login.isError && (
        <p className="dev-login__error" role="alert">
          {login.error.message}
        </p>
      )}
    </main>
  );
}
