import { useState } from 'react';
import { Button } from '@/components/ui/button';
import './invite-button.css';

/**
 * «Пригласить друга»: Telegram's own sharing of the member's link into the chat and the app. What
 * it takes to ask for the link loads on the press, so the Coupons screen stays as small as it was.
 */
export function InviteButton({ label }: { label: string }) {
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  async function share() {
    if (pending) return;
    setPending(true);
    const { shareInvite } = await import('../share-invite');
    setRefusal(await shareInvite());
    setPending(false);
  }

  return (
    <>
      <Button variant="secondary" pressed={pending} onClick={() => void share()}>
        {label}
      </Button>
      {refusal && (
        <p className="invite-button__refusal" role="alert">
          {refusal}
        </p>
      )}
    </>
  );
}
