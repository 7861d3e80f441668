import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { TStandInButton, TStandInCallbackResponse } from '#contract/stand-in-chat';
import { useClock } from '@/hooks/use-clock';
import { useCloseOnEscape } from '@/hooks/use-close-on-escape';
import { errorMessage } from '@/lib/api-client';
import { launchStandInMax } from '@/max/stand-in';
import { relaunchStandIn } from '../../stand-in';
import {
  getStandInChat,
  pressStandInButton,
  type StandInMessenger,
  signInAs,
  writeToStandInBot,
} from '../api/stand-in-chat';
import { useLiveRead } from '../live-panel';
import { chatTexts } from '../texts';
import { MessageText } from './message-text';
import './bot-chat.css';

type BotChatProps = {
  userId: number;
  username: string;
  /** Which bot's chat: Telegram's, or the local MAX's (`userId` is then the person's MAX id). */
  messenger?: StandInMessenger;
  onClose: () => void;
};

/**
 * The local stand-in's «Чат с ботом»: every message the bot sent the person, newest last, with its
 * buttons working as Telegram's do — a callback goes to the bot's handler, a web_app button or a
 * t.me/<bot>?startapp link opens the app for this person on that screen, a force_reply prompt is
 * answered in the field below.
 */
export function BotChat({ userId, username, messenger = 'telegram', onClose }: BotChatProps) {
  const read = useCallback((id: number, since?: number) => getStandInChat(id, since, messenger), [messenger]);
  const { latest: chat, unreachable } = useLiveRead(userId, read);
  const clock = useClock();
  const [answer, setAnswer] = useState<TStandInCallbackResponse['answer']>(null);
  const [failure, setFailure] = useState<string>();
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const log = useRef<HTMLOListElement>(null);
  const messages = chat?.messages ?? [];

  useCloseOnEscape(onClose);

  // Newest last, as a chat reads: kept in view as messages come.
  const count = messages.length;
  const lastText = messages.at(-1)?.text;
  useEffect(() => {
    if (log.current && (count > 0 || lastText)) log.current.scrollTop = log.current.scrollHeight;
  }, [count, lastText]);

  // The prompt the person has not answered yet, newest first: what the field below replies to.
  const answered = new Set(messages.map((m) => m.replyToMessageId));
  const prompt = [...messages].reverse().find((m) => m.forceReply && !answered.has(m.messageId));

  async function open(button: TStandInButton) {
    if (!button.url) return;
    const link = new URL(button.url);
    if (messenger === 'max') {
      // A MAX button opens the bot's mini-app, with the link's start parameter if any.
      try {
        const startParam = link.searchParams.get('startapp') || undefined;
        const { initData } = await signInAs(userId, startParam, 'max');
        launchStandInMax(initData, '/', startParam);
      } catch (error) {
        setFailure(errorMessage(error));
      }
      return;
    }
    const startParam = link.hostname === 't.me' ? link.searchParams.get('startapp') : null;
    if (link.hostname === 't.me' && startParam === null) {
      window.open(button.url, '_blank', 'noopener');
      return;
    }
    try {
      // A web_app button opens its page; a t.me/<bot>?startapp link opens the app with that parameter.
      const { initData } = await signInAs(userId, startParam ?? undefined);
      relaunchStandIn(initData, startParam === null ? link.pathname + link.search : '/');
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  async function press(messageId: number, button: TStandInButton) {
    if (!button.callbackData) return open(button);
    setFailure(undefined);
    try {
      const { answer: said } = await pressStandInButton(userId, messageId, button.callbackData, messenger);
      setAnswer(said);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!draft.trim()) return;
    setSending(true);
    setFailure(undefined);
    try {
      await writeToStandInBot(userId, draft.trim(), prompt?.messageId, messenger);
      setDraft('');
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  return createPortal(
    <div className="bot-chat" role="dialog" aria-modal="true" aria-labelledby="bot-chat-title">
      <header className="bot-chat__header">
        <div>
          <h2 id="bot-chat-title" className="bot-chat__title">
            {messenger === 'max' ? chatTexts.titleInMax : chatTexts.title}
          </h2>
          <p className="bot-chat__who">
            {chat ? `@${chat.botUsername} → ` : ''}
            {chatTexts.with(username)}
          </p>
        </div>
        <button type="button" className="bot-chat__close" onClick={onClose}>
          {chatTexts.close}
        </button>
      </header>
      {unreachable && (
        <p className="bot-chat__notice" role="status">
          {chatTexts.unreachable}
        </p>
      )}
      <ol className="bot-chat__log" ref={log} aria-live="polite" aria-label={chatTexts.title}>
        {chat && messages.length === 0 && <li className="bot-chat__empty">{chatTexts.empty}</li>}
        {messages.map((message) => (
          <li key={message.messageId} className={`bot-chat__message bot-chat__message--${message.from}`}>
            {message.photoUrl && (
              <img className="bot-chat__photo" src={message.photoUrl} alt={chatTexts.photoAlt} />
            )}
            {message.replyToMessageId !== undefined && (
              <p className="bot-chat__quote">
                {messages.find((m) => m.messageId === message.replyToMessageId)?.text}
              </p>
            )}
            <MessageText text={message.text} entities={message.entities} />
            <p className="bot-chat__meta">
              {message.editedAt && `${chatTexts.edited} · `}
              {clock.time(message.editedAt ?? message.sentAt)}
            </p>
            {message.buttons.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a keyboard's rows have nothing else to tell them apart.
              <div key={rowIndex} className="bot-chat__buttons">
                {row.map((button) => (
                  <button
                    key={`${button.text}-${button.callbackData ?? button.url}`}
                    type="button"
                    className="bot-chat__button"
                    onClick={() => void press(message.messageId, button)}
                  >
                    {button.text}
                    {button.url && !button.webApp && <span aria-hidden="true"> ↗</span>}
                  </button>
                ))}
              </div>
            ))}
          </li>
        ))}
      </ol>
      {answer?.text && !answer.showAlert && (
        <p className="bot-chat__toast" role="status">
          {answer.text}
        </p>
      )}
      {answer?.text && answer.showAlert && (
        <div className="bot-chat__alert" role="alertdialog" aria-label={answer.text}>
          <p>{answer.text}</p>
          <button type="button" className="bot-chat__button" onClick={() => setAnswer(null)}>
            {chatTexts.alertOk}
          </button>
        </div>
      )}
      {failure && (
        <p className="bot-chat__notice" role="alert">
          {failure}
        </p>
      )}
      <form className="bot-chat__reply" onSubmit={(event) => void send(event)}>
        {prompt && (
          <p className="bot-chat__quote">
            {chatTexts.replyTo} {prompt.text}
          </p>
        )}
        <div className="bot-chat__field">
          <input
            className="bot-chat__input"
            aria-label={prompt?.forceReply?.placeholder ?? chatTexts.messagePlaceholder}
            placeholder={prompt?.forceReply?.placeholder ?? chatTexts.messagePlaceholder}
            value={draft}
            maxLength={4096}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="bot-chat__send" disabled={sending || !draft.trim()}>
            {sending ? chatTexts.sending : chatTexts.send}
          </button>
        </div>
      </form>
    </div>,
    document.body,
  );
}
