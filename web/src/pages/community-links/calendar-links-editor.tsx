import type { TAdminCalendarLink } from '#contract/calendar';
import { LinkField, TextField } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { useAdminCalendarLinks } from '@/features/calendar/api/get-admin-calendar-links';
import { useRemoveCalendarLink } from '@/features/calendar/api/remove-calendar-link';
import { useSaveCalendarLink } from '@/features/calendar/api/save-calendar-link';
import { EditorFormFooter, EditorList } from './editor-parts';
import { texts } from './texts';
import { useListEditor } from './use-list-editor';

const EMPTY_FORM = { buttonText: '', link: '', position: '' };

/** The calendars behind the Calendar screen's buttons: add, edit, remove. */
export function CalendarLinksEditor() {
  const links = useAdminCalendarLinks();
  const save = useSaveCalendarLink();
  const editor = useListEditor({
    empty: EMPTY_FORM,
    toForm: (link: TAdminCalendarLink) => ({
      buttonText: link.buttonText,
      link: link.link,
      position: String(link.position),
    }),
    toInput: (form) => {
      const position = form.position.trim();
      return {
        buttonText: form.buttonText,
        link: form.link,
        ...(position ? { position: Number(position) } : {}),
      };
    },
    save,
    remove: useRemoveCalendarLink(),
  });

  const c = texts.calendars;
  return (
    <Section title={c.title}>
      <EditorList
        query={links}
        empty={c.empty}
        describe={(link) => ({ title: link.buttonText, lines: [link.link, c.positionLabel(link.position)] })}
        onEdit={editor.startEditing}
        onRemove={editor.removeItem}
        after={(items) => items.length < 2 && <Notice tone="info">{c.fewHint}</Notice>}
      />
      <form ref={editor.formRef} className="links-editor__form" onSubmit={editor.submit}>
        <p className="links-editor__form-title">
          {editor.editing ? c.editing(editor.editing.buttonText) : c.newItem}
        </p>
        <TextField
          label={c.buttonText}
          placeholder={c.buttonTextPlaceholder}
          value={editor.form.buttonText}
          maxLength={64}
          required
          onChange={(event) => editor.setField('buttonText', event.target.value)}
        />
        <LinkField
          label={c.link}
          value={editor.form.link}
          required
          onChange={(event) => editor.setField('link', event.target.value)}
        />
        <TextField
          label={c.position}
          note={c.positionNote}
          type="number"
          inputMode="numeric"
          min={0}
          value={editor.form.position}
          onChange={(event) => editor.setField('position', event.target.value)}
        />
        <EditorFormFooter
          saveError={save.error}
          saving={save.isPending}
          done={editor.done}
          editing={editor.editing !== null}
          labels={{ save: c.save, add: c.add }}
          onCancel={editor.finishEditing}
        />
      </form>
    </Section>
  );
}
