import { useEffect, useEffectEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { openMessengerLink } from '@/messenger/links';
import { useRefreshUser, useUser } from '../api/get-me';
import { sessionTexts as texts } from '../texts';
import './chat-rule-notice.css';

/**
 * The chat rule at the door (SPEC §4, §8): a person outside the community chat learns it where they
 * arrive (Home, the buy screen), before choosing a region and an offer, with the chat a tap away.
 * It sits at the top of the screen, never under Telegram's bottom buttons; back from the chat, the
 * membership is asked again, so whoever has joined sees it go.
 */
export function ChatRuleNotice() {
  const user = useUser();
  const refreshUser = useRefreshUser();
  const outside = user?.isChatMember === false;

  const askAgain = useEffectEvent(() => refreshUser());
  useEffect(() => {
    if (!outside) return;
    const onReturn = () => {
      if (document.visibilityState === 'visible') askAgain();
    };
    document.addEventListener('visibilitychange', onReturn);
    return () => document.removeEventListener('visibilitychange', onReturn);
  }, [outside]);

  if (!outside) return null;
  return (
    <section className="chat-rule" aria-label={texts.chatRuleTitle}>
      <Notice tone="info">{texts.chatRule}</Notice>
      <Button variant="secondary" onClick={() => openMessengerLink(user.communityChatLink)}>
        {texts.openChat}
      </Button>
    </section>
  );
}
