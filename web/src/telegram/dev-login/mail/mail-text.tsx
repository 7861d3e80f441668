import type { ReactNode } from 'react';

const LINK = /https?:\/\/\S+/g;

/**
 * A mail's plain text with its addresses as links: a t.me/<bot>?startapp link goes to `openApp`
 * (the app opened as this person), any other opens in a new tab (the stop link's page, say).
 */
export function MailText({ text, openApp }: { text: string; openApp: (startParam: string) => void }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const url = match[0];
    parts.push(text.slice(at, match.index));
    const link = new URL(url);
    const startParam = link.hostname === 't.me' ? link.searchParams.get('startapp') : null;
    parts.push(
      <a
        key={match.index}
        href={url}
        target="_blank"
        rel="noreferrer"
        onClick={(event) => {
          if (startParam === null) return;
          event.preventDefault();
          openApp(startParam);
        }}
      >
        {url}
      </a>,
    );
    at = match.index + url.length;
  }
  parts.push(text.slice(at));
  return <p className="bot-chat__text stand-in-mail__text">{parts}</p>;
}
