import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Loaded } from '@/components/ui/loaded';
import { Notice } from '@/components/ui/notice';
import { uiTexts } from '@/components/ui/texts';
import { errorMessage } from '@/lib/api-client';
import { EditableItem } from './editable-item';
import { texts } from './texts';

/** The kept items, or why they cannot be shown yet. */
export function EditorList<TItem extends { id: number }>(props: {
  query: UseQueryResult<TItem[]>;
  empty: string;
  describe: (item: TItem) => { title: string; lines: string[] };
  onEdit: (item: TItem) => void;
  onRemove: (item: TItem) => Promise<unknown>;
  after?: (items: TItem[]) => ReactNode;
}) {
  return (
    <Loaded query={props.query} failed={uiTexts.loading}>
      {(items) => (
        <>
          {items.length === 0 && <p className="links-editor__empty">{props.empty}</p>}
          <ul className="links-editor__list">
            {items.map((item) => (
              <EditableItem
                key={item.id}
                {...props.describe(item)}
                onEdit={() => props.onEdit(item)}
                onRemove={() => props.onRemove(item)}
              />
            ))}
          </ul>
          {props.after?.(items)}
        </>
      )}
    </Loaded>
  );
}

/** Under the form: what saving said, the save button, and a way out of editing. */
export function EditorFormFooter(props: {
  saveError: unknown;
  saving: boolean;
  done: string | null;
  editing: boolean;
  labels: { save: string; add: string };
  onCancel: () => void;
}) {
  return (
    <>
      {props.saveError ? <Notice tone="error">{errorMessage(props.saveError)}</Notice> : null}
      {props.done && <Notice tone="success">{props.done}</Notice>}
      <Button type="submit" disabled={props.saving}>
        {props.editing ? props.labels.save : props.labels.add}
      </Button>
      {props.editing && (
        <Button variant="secondary" onClick={props.onCancel}>
          {texts.cancel}
        </Button>
      )}
    </>
  );
}
