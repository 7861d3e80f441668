import { type FormEvent, useState } from 'react';
import { isSameUsername, parseUsername } from '#contract/usernames';
import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { ConfirmStep } from '@/components/ui/confirm-step';
import { TextField } from '@/components/ui/field';
import { Loaded } from '@/components/ui/loaded';
import { Notice } from '@/components/ui/notice';
import { RowList } from '@/components/ui/row-list';
import { Section } from '@/components/ui/section';
import { Stack } from '@/components/ui/stack';
import { usePartnerOptions } from '@/features/partners/api/get-partner-options';
import { useStaff } from '@/features/partners/api/get-staff';
import { useSaveStaff } from '@/features/partners/api/save-staff';
import { PartnerChoice } from '@/features/partners/components/partner-picker';
import { useChosenPartner } from '@/features/partners/use-chosen-partner';
import { isUsernameSeen } from '@/features/session/api/is-username-seen';
import { RoleGate } from '@/features/session/components/role-gate';
import { isPartnerOrAdmin } from '@/features/session/user-state';
import { useOncePerPress } from '@/hooks/use-once-per-press';
import { errorMessage } from '@/lib/api-client';
import { Page } from '@/messenger/page';
import './partner-staff-page.css';
import { texts } from './texts';

type Result = { tone: 'success' | 'error'; text: string };
/** What waits for a second look: a name the app has never seen, or a member about to go. */
type Asking = { kind: 'add_unseen' | 'remove'; username: string };

/** Staff: the admin or a partner's spokesman names who may scan and redeem for it. */
export function PartnerStaffPage() {
  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        {/* A spokesman's role is `partner`; the server checks that the company is theirs. */}
        <RoleGate allows={isPartnerOrAdmin} refusal={texts.managersOnly}>
          <StaffOfPartner />
        </RoleGate>
      </Stack>
    </Page>
  );
}

function StaffOfPartner() {
  const partners = usePartnerOptions();
  const { chosen, choose } = useChosenPartner(partners.data);

  return (
    <PartnerChoice
      // The options are asked again until they come (usePartnerOptions): a failure is still loading.
      options={{ data: partners.data, isError: false, error: null, refetch: partners.refetch }}
      chosen={chosen}
      onChoose={choose}
      texts={texts}
      stateClassName="partner-staff__state"
    >
      {(partner) => (
        <>
          <p className="partner-staff__about">{texts.about}</p>
          <StaffEditor key={partner.id} partnerId={partner.id} />
        </>
      )}
    </PartnerChoice>
  );
}

function StaffEditor({ partnerId }: { partnerId: number }) {
  const staff = useStaff(partnerId);
  const save = useSaveStaff();
  const press = useOncePerPress();
  const [typed, setTyped] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  // What is wrong with the typed name, said under the field.
  const [nameError, setNameError] = useState<string>();
  const [asking, setAsking] = useState<Asking | null>(null);
  const usernames = staff.data?.usernames;

  /** Saves the list under a press already held, and lets it go when the server has answered. */
  function saveList(next: string[], done: string, onSaved?: () => void) {
    save.mutate(
      { partnerId, usernames: next },
      {
        onSuccess: () => {
          onSaved?.();
          setAsking(null);
          setResult({ tone: 'success', text: done });
        },
        onError: (error) => setResult({ tone: 'error', text: errorMessage(error) }),
        onSettled: press.release,
      },
    );
  }

  const addToList = (list: string[], username: string, done: string) =>
    saveList([...list, username], done, () => setTyped(''));

  function add(event: FormEvent) {
    event.preventDefault();
    if (!usernames || asking) return;
    // The contract's one username rule, so a wrong name is refused here in the server's words.
    const parsed = parseUsername(typed);
    if (!parsed.ok) {
      setResult(null);
      setNameError(parsed.message);
      return;
    }
    const { username } = parsed;
    if (usernames.some((name) => isSameUsername(name, username))) {
      setResult(null);
      setNameError(texts.alreadyThere(username));
      return;
    }
    setResult(null);
    // A name the app has never seen is added only after a second look: it cannot redeem yet.
    press.press(() =>
      isUsernameSeen(username).then(
        (seen) => {
          if (seen) addToList(usernames, username, texts.added(username));
          else {
            press.release();
            setAsking({ kind: 'add_unseen', username });
          }
        },
        (error: unknown) => {
          press.release();
          setResult({ tone: 'error', text: errorMessage(error) });
        },
      ),
    );
  }

  const confirmAsked = ({ kind, username }: Asking) =>
    usernames &&
    press.press(() =>
      kind === 'remove'
        ? saveList(
            usernames.filter((name) => !isSameUsername(name, username)),
            texts.removed(username),
          )
        : addToList(usernames, username, texts.addedUnseen(username)),
    );

  return (
    <>
      <form className="partner-staff__add" noValidate onSubmit={add}>
        <TextField
          label={texts.username}
          placeholder="@username"
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          error={nameError}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setNameError(undefined);
            if (asking?.kind === 'add_unseen') setAsking(null);
          }}
        />
        <Button
          busy={(press.held || save.isPending) && texts.saving}
          type="submit"
          disabled={!usernames || save.isPending || typed.trim() === '' || !!asking}
        >
          {texts.add}
        </Button>
      </form>
      {asking?.kind === 'add_unseen' && (
        <ConfirmStep
          question={texts.unseenQuestion(asking.username)}
          detail={texts.unseenDetail(asking.username)}
          confirm={texts.unseenConfirm}
          cancel={texts.cancel}
          pending={save.isPending}
          onConfirm={() => confirmAsked(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
      {result && <Notice tone={result.tone}>{result.text}</Notice>}
      <Section title={texts.listTitle}>
        <Loaded
          query={{ data: usernames, isError: staff.isError, error: staff.error, refetch: staff.refetch }}
          empty={texts.empty}
          emptyClassName="partner-staff__empty"
        >
          {(names) => (
            <RowList className="partner-staff__list">
              {names.map((username) => (
                <li key={username} className="partner-staff__member">
                  <div className="partner-staff__row">
                    <span className="partner-staff__name">@{username}</span>
                    <button
                      type="button"
                      className="partner-staff__remove"
                      aria-label={texts.removeLabel(username)}
                      disabled={save.isPending || !!asking}
                      onClick={() => {
                        setResult(null);
                        setAsking({ kind: 'remove', username });
                      }}
                    >
                      {texts.remove}
                    </button>
                  </div>
                  {asking?.kind === 'remove' && isSameUsername(asking.username, username) && (
                    <ConfirmStep
                      question={texts.removeQuestion(username)}
                      detail={texts.removeDetail(username)}
                      confirm={texts.removeConfirm}
                      cancel={texts.cancel}
                      pending={save.isPending}
                      onConfirm={() => confirmAsked(asking)}
                      onCancel={() => setAsking(null)}
                    />
                  )}
                </li>
              ))}
            </RowList>
          )}
        </Loaded>
      </Section>
    </>
  );
}
