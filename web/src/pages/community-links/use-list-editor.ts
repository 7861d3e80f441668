import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTimedMessage } from '@/components/ui/notice';
import { texts } from './texts';

/** SPEC §9: result messages show for 2 s. */
const DONE_SHOWN_MS = 2000;

type Save<TInput> = UseMutationResult<unknown, Error, { id?: number; input: TInput }>;
type Remove = UseMutationResult<unknown, Error, number>;

/**
 * The life of an admin's list editor: a form that adds a new item or edits the chosen one,
 * saving, removing, and the short «Сохранено» / «Удалено» that follows.
 */
export function useListEditor<
  TItem extends { id: number },
  TForm extends Record<string, string>,
  TInput,
>(options: {
  empty: TForm;
  toForm: (item: TItem) => TForm;
  toInput: (form: TForm) => TInput;
  save: Save<TInput>;
  remove: Remove;
}) {
  const { empty, toForm, toInput, save, remove } = options;
  const [editing, setEditing] = useState<TItem | null>(null);
  const [form, setForm] = useState(empty);
  const [done, showDone] = useTimedMessage<string>(DONE_SHOWN_MS);
  const formRef = useRef<HTMLFormElement>(null);

  function finishEditing() {
    setEditing(null);
    setForm(empty);
  }

  return {
    editing,
    form,
    done,
    formRef,
    finishEditing,
    setField: (name: keyof TForm, value: string) => setForm((current) => ({ ...current, [name]: value })),
    startEditing(item: TItem) {
      setEditing(item);
      setForm(toForm(item));
      save.reset();
      // jsdom has no scrolling; browsers all do.
      formRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
    },
    submit(event: FormEvent) {
      event.preventDefault();
      save.mutate(
        { id: editing?.id, input: toInput(form) },
        {
          onSuccess: () => {
            finishEditing();
            showDone(texts.saved);
          },
        },
      );
    },
    removeItem: (item: TItem) =>
      remove.mutateAsync(item.id).then(() => {
        if (editing?.id === item.id) finishEditing();
        showDone(texts.removed);
      }),
  };
}

export type ListEditor = ReturnType<typeof useListEditor>;
