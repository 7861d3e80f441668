import { useState } from 'react';
import { LinkButton } from '@/components/ui/link-button';
import { Notice } from '@/components/ui/notice';
import { errorMessage } from '@/lib/api-client';
import { texts } from './texts';

type EditableItemProps = {
  title: string;
  lines: readonly string[];
  onEdit: () => void;
  onRemove: () => Promise<unknown>;
};

/** One kept link: what it is, and «Изменить» / «Удалить» with a second step before removing. */
export function EditableItem({ title, lines, onEdit, onRemove }: EditableItemProps) {
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    setRemoving(true);
    setError(null);
    try {
      await onRemove();
    } catch (caught) {
      setError(errorMessage(caught));
      setRemoving(false);
      setConfirming(false);
    }
  }

  return (
    <li className="links-editor__item">
      <span className="links-editor__item-title">{title}</span>
      {lines.map((line) => (
        <span key={line} className="links-editor__item-line">
          {line}
        </span>
      ))}
      {confirming ? (
        <div className="links-editor__actions">
          <span className="links-editor__confirm">{texts.confirmRemove(title)}</span>
          <LinkButton className="links-editor__destructive" onClick={remove} disabled={removing}>
            {texts.yesRemove}
          </LinkButton>
          <LinkButton onClick={() => setConfirming(false)} disabled={removing}>
            {texts.cancel}
          </LinkButton>
        </div>
      ) : (
        <div className="links-editor__actions">
          <LinkButton onClick={onEdit}>{texts.edit}</LinkButton>
          <LinkButton className="links-editor__destructive" onClick={() => setConfirming(true)}>
            {texts.remove}
          </LinkButton>
        </div>
      )}
      {error && <Notice tone="error">{error}</Notice>}
    </li>
  );
}
