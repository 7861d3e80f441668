import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useClock } from '@/hooks/use-clock';
import { useCloseOnEscape } from '@/hooks/use-close-on-escape';
import { errorMessage } from '@/lib/api-client';
import { relaunchStandIn } from '../../stand-in';
import { signInAs } from '../api/stand-in-chat';
import { getStandInMail } from '../api/stand-in-mail';
import { useLiveRead } from '../live-panel';
import { MailText } from './mail-text';
import { mailTexts } from './texts';
import '../bot-chat/bot-chat.css';
import './stand-in-mail.css';

type StandInMailProps = { userId: number; username: string; onClose: () => void };

/**
 * The local stand-in's «Почта» beside «Чат с ботом»: the mails the app's own mail server caught for
 * the person, newest first — subject, text, the QR, and links that work: the app's opens it as this
 * person on that screen, the confirming and stopping links their pages.
 */
export function StandInMail({ userId, username, onClose }: StandInMailProps) {
  const { latest: inbox, unreachable } = useLiveRead(userId, getStandInMail);
  const clock = useClock();
  const [failure, setFailure] = useState<string>();

  useCloseOnEscape(onClose);

  async function openApp(startParam: string) {
    try {
      const { initData } = await signInAs(userId, startParam);
      relaunchStandIn(initData, '/');
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return createPortal(
    <div className="bot-chat" role="dialog" aria-modal="true" aria-labelledby="stand-in-mail-title">
      <header className="bot-chat__header">
        <div>
          <h2 id="stand-in-mail-title" className="bot-chat__title">
            {mailTexts.title}
          </h2>
          <p className="bot-chat__who">@{username}</p>
        </div>
        <button type="button" className="bot-chat__close" onClick={onClose}>
          {mailTexts.close}
        </button>
      </header>
      {unreachable && (
        <p className="bot-chat__notice" role="status">
          {mailTexts.unreachable}
        </p>
      )}
      <ol className="bot-chat__log" aria-live="polite" aria-label={mailTexts.title}>
        {inbox && inbox.mails.length === 0 && <li className="bot-chat__empty">{mailTexts.empty}</li>}
        {inbox?.mails.map((mail) => (
          <li key={mail.id} className="bot-chat__message bot-chat__message--bot">
            <h3 className="stand-in-mail__subject">{mail.subject}</h3>
            <p className="bot-chat__meta">
              {mailTexts.to(mail.to)} · {clock.dateTime(mail.at)}
            </p>
            {mail.imageUrls.map((url) => (
              <img key={url} className="stand-in-mail__image" src={url} alt={mailTexts.qrAlt} />
            ))}
            <MailText text={mail.text} openApp={(startParam) => void openApp(startParam)} />
          </li>
        ))}
      </ol>
      {failure && (
        <p className="bot-chat__notice" role="alert">
          {failure}
        </p>
      )}
    </div>,
    document.body,
  );
}
