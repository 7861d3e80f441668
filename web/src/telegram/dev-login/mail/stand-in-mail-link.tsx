import { lazy, Suspense, useState } from 'react';
import { launchUser } from '../../launch-params';
import { isStandIn } from '../../stand-in';
import { mailTexts } from './texts';

// Loaded on the first tap: never part of what the app loads first.
const StandInMail = lazy(() => import('./stand-in-mail').then((module) => ({ default: module.StandInMail })));

/** In the local stand-in only: the signed-in person's mailbox, beside «Чат с ботом». */
export function StandInMailLink() {
  const [open, setOpen] = useState(false);
  const user = launchUser();
  if (!isStandIn() || !user) return null;
  return (
    <>
      <button type="button" className="switch-user-link" onClick={() => setOpen(true)}>
        {mailTexts.open}
      </button>
      {open && (
        <Suspense>
          <StandInMail
            userId={user.id}
            username={user.username ?? String(user.id)}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
