import { useState } from 'react';
import { accountsText } from '#contract/linking';
import { MESSENGER_NAMES, type TMessenger } from '#contract/messengers';
import { Button } from '@/components/ui/button';
import { ConfirmStep } from '@/components/ui/confirm-step';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { errorMessage } from '@/lib/api-client';
import { openMessengerLink } from '@/messenger/links';
import { useMyMessengers } from '../api/get-my-messengers';
import { useStartLinking } from '../api/start-linking';
import { useUnlinkMessenger } from '../api/unlink-messenger';
import { linkingTexts as texts } from '../texts';
import './linked-messengers.css';

const nameOf = (messenger: TMessenger) => MESSENGER_NAMES[messenger];

/** While a link waits to be opened in the other messenger, the accounts are asked again this often. */
const WAITING_POLL_MS = 5000;

/**
 * «Мои данные»'s messengers: the person's accounts («Telegram @x · MAX @y»), a link into the other
 * messenger's bot that links its account (made on a press, opened on a second one: MAX opens a
 * link only on a person's tap), and an account unlinked, everything kept here.
 */
export function LinkedMessengers() {
  const [waiting, setWaiting] = useState(false);
  const messengers = useMyMessengers(waiting ? WAITING_POLL_MS : undefined);
  const start = useStartLinking();
  const unlink = useUnlinkMessenger();
  const [asking, setAsking] = useState<TMessenger>();
  const [unlinked, setUnlinked] = useState<TMessenger>();
  if (!messengers.data) return null;
  const { accounts, linkable } = messengers.data;
  const [own, ...others] = accounts;
  if (!own) return null;
  const here = nameOf(own.messenger);
  const target = linkable[0];
  const linkShown = start.data && target && waiting;

  function makeLink(messenger: TMessenger) {
    setUnlinked(undefined);
    start.mutate(messenger, { onSuccess: () => setWaiting(true) });
  }

  function confirmUnlink(messenger: TMessenger) {
    unlink.mutate(messenger, {
      onSuccess: () => {
        setAsking(undefined);
        setUnlinked(messenger);
        setWaiting(false);
        start.reset();
      },
    });
  }

  return (
    <Section title={texts.title}>
      <p className="linked-messengers__accounts">
        <span className="linked-messengers__label">{texts.yours}</span> {accountsText(accounts)}
      </p>
      {unlinked && <Notice tone="success">{texts.unlinked(nameOf(unlinked))}</Notice>}
      {target && (
        <>
          <p className="linked-messengers__lead">{texts.lead(nameOf(target))}</p>
          {linkShown ? (
            <>
              <p className="linked-messengers__lead">{texts.ready(nameOf(target))}</p>
              <Button onClick={() => openMessengerLink(start.data.link)}>{texts.open(nameOf(target))}</Button>
            </>
          ) : (
            <Button
              variant="secondary"
              busy={start.isPending && texts.making}
              onClick={() => makeLink(target)}
            >
              {texts.link(nameOf(target))}
            </Button>
          )}
          {start.isError && <Notice tone="error">{errorMessage(start.error)}</Notice>}
        </>
      )}
      {others.map(({ messenger }) =>
        asking === messenger ? (
          <ConfirmStep
            key={messenger}
            question={texts.unlinkQuestion(nameOf(messenger))}
            detail={texts.unlinkDetail(here, nameOf(messenger))}
            confirm={texts.unlinkConfirm}
            cancel={texts.cancel}
            pending={unlink.isPending}
            onConfirm={() => confirmUnlink(messenger)}
            onCancel={() => setAsking(undefined)}
          />
        ) : (
          <Button key={messenger} variant="secondary" onClick={() => setAsking(messenger)}>
            {texts.unlink(nameOf(messenger))}
          </Button>
        ),
      )}
      {unlink.isError && <Notice tone="error">{errorMessage(unlink.error)}</Notice>}
    </Section>
  );
}
