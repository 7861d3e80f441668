import type { ReactNode } from 'react';
import type { TStandInMessage } from '#contract/stand-in-chat';

/** A message's text with Telegram's formatting (its entities, in UTF-16 units as JavaScript counts). */
export function MessageText({ text, entities }: Pick<TStandInMessage, 'text' | 'entities'>) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const entity of [...entities].sort((a, b) => a.offset - b.offset)) {
    if (entity.offset < at) continue;
    parts.push(text.slice(at, entity.offset));
    const inner = text.slice(entity.offset, entity.offset + entity.length);
    const key = `${entity.offset}-${entity.type}`;
    if (entity.type === 'bold') parts.push(<strong key={key}>{inner}</strong>);
    else if (entity.type === 'italic') parts.push(<em key={key}>{inner}</em>);
    else if (entity.type === 'code' || entity.type === 'pre') parts.push(<code key={key}>{inner}</code>);
    else if (entity.type === 'text_link' || entity.type === 'url')
      parts.push(
        <a key={key} href={entity.url ?? inner} target="_blank" rel="noreferrer">
          {inner}
        </a>,
      );
    else parts.push(inner);
    at = entity.offset + entity.length;
  }
  parts.push(text.slice(at));
  return <p className="bot-chat__text">{parts}</p>;
}
