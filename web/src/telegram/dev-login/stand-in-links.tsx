import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { INVITE_START_PARAM_PREFIX } from '#contract/start-params';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { relaunchStandIn, STAND_IN_TG_LINK_EVENT, takeUnshownTgLink } from '../stand-in';
import { signInAsNewPerson } from './api/stand-in-chat';
import { chatTexts } from './texts';
import './bot-chat/bot-chat.css';

type Shared = { url: string; text?: string };

/** A t.me link the app opened: a share (`/share/url?url=…&text=…`) names the link it carries. */
function sharedOf(pathFull: string): Shared {
  const link = new URL(pathFull, 'https://t.me');
  if (link.pathname !== '/share/url') return { url: link.href };
  return { url: link.searchParams.get('url') ?? '', text: link.searchParams.get('text') ?? undefined };
}

/**
 * What Telegram does with a t.me link the app opens, in the local stand-in: the message an
 * invitation would carry, and the friend's side of it — the app opened through the link by a
 * person it has never seen.
 */
export function StandInLinks() {
  const [shared, setShared] = useState<Shared>();
  const [failure, setFailure] = useState<string>();
  const [opening, setOpening] = useState(false);

  useEffect(() => {
    const show = () => {
      const link = takeUnshownTgLink();
      if (link !== undefined) setShared(sharedOf(link));
    };
    // A link asked for while this view was still loading is shown now.
    show();
    window.addEventListener(STAND_IN_TG_LINK_EVENT, show);
    return () => window.removeEventListener(STAND_IN_TG_LINK_EVENT, show);
  }, []);

  if (!shared) return null;
  const linked = URL.canParse(shared.url) ? new URL(shared.url).searchParams.get('startapp') : null;
  // An invitation is for anyone new; a gift's link is for the friend it names, who opens it as themselves.
  const startParam = linked?.startsWith(INVITE_START_PARAM_PREFIX) ? linked : null;

  async function openAsNewPerson() {
    setOpening(true);
    try {
      const { initData } = await signInAsNewPerson(startParam ?? undefined);
      relaunchStandIn(initData, '/');
    } catch (error) {
      setFailure(errorMessage(error));
      setOpening(false);
    }
  }

  return createPortal(
    <div className="bot-chat" role="dialog" aria-modal="true" aria-labelledby="stand-in-link-title">
      <header className="bot-chat__header">
        <h2 id="stand-in-link-title" className="bot-chat__title">
          {chatTexts.invitation.title}
        </h2>
        <button type="button" className="bot-chat__close" onClick={() => setShared(undefined)}>
          {chatTexts.close}
        </button>
      </header>
      <div className="bot-chat__log">
        <p>{chatTexts.invitation.body}</p>
        <div className="bot-chat__message bot-chat__message--person">
          <p className="bot-chat__text">{[shared.text, shared.url].filter(Boolean).join('\n')}</p>
        </div>
        {startParam !== null && (
          <>
            <Button busy={opening && chatTexts.sending} onClick={() => void openAsNewPerson()}>
              {chatTexts.invitation.openAsNewPerson}
            </Button>
            <p className="bot-chat__who">{chatTexts.invitation.hint}</p>
          </>
        )}
        {failure && (
          <p className="bot-chat__notice" role="alert">
            {failure}
          </p>
        )}
      </div>
    </div>,
    document.body,
  );
}
