import { useId } from 'react';
import { PHOTO_MONTHS, type TPhotoDirectory } from '#contract/photo';
import { LinkField, SelectField, TextField } from '@/components/ui/field';
import { Section } from '@/components/ui/section';
import { usePhotoDirectories } from '@/features/photo/api/get-photo-directories';
import { useRemovePhotoDirectory } from '@/features/photo/api/remove-photo-directory';
import { useSavePhotoDirectory } from '@/features/photo/api/save-photo-directory';
import { EditorFormFooter, EditorList } from './editor-parts';
import { texts } from './texts';
import { useListEditor } from './use-list-editor';

const EMPTY_FORM = { region: '', month: '', organizer: '', link: '' };
const MONTH_OPTIONS = PHOTO_MONTHS.map(({ label, value }) => ({ label, value: String(value) }));
const monthName = (month: number) =>
  PHOTO_MONTHS.find(({ value }) => value === month)?.label ?? String(month);

const d = texts.directories;
const directoryName = (directory: TPhotoDirectory) =>
  `${directory.region} · ${monthName(directory.month)} · ${directory.organizer ?? d.noOrganizer}`;

/** The photo directories behind the Photo screen: add, edit, remove. */
export function PhotoDirectoriesEditor() {
  const directories = usePhotoDirectories();
  const save = useSavePhotoDirectory();
  const editor = useListEditor({
    empty: EMPTY_FORM,
    toForm: (directory: TPhotoDirectory) => ({
      region: directory.region,
      month: String(directory.month),
      organizer: directory.organizer ?? '',
      link: directory.link,
    }),
    toInput: (form) => ({
      region: form.region,
      month: Number(form.month),
      organizer: form.organizer,
      link: form.link,
    }),
    save,
    remove: useRemovePhotoDirectory(),
  });
  const regionsListId = useId();
  const knownRegions = [...new Set(directories.data?.map(({ region }) => region))];

  return (
    <Section title={d.title}>
      <EditorList
        query={directories}
        empty={d.empty}
        describe={(directory) => ({ title: directoryName(directory), lines: [directory.link] })}
        onEdit={editor.startEditing}
        onRemove={editor.removeItem}
      />
      <form ref={editor.formRef} className="links-editor__form" onSubmit={editor.submit}>
        <p className="links-editor__form-title">
          {editor.editing ? d.editing(directoryName(editor.editing)) : d.newItem}
        </p>
        <TextField
          label={d.region}
          placeholder={d.regionPlaceholder}
          list={regionsListId}
          value={editor.form.region}
          maxLength={100}
          required
          onChange={(event) => editor.setField('region', event.target.value)}
        />
        <datalist id={regionsListId}>
          {knownRegions.map((region) => (
            <option key={region} value={region} />
          ))}
        </datalist>
        <SelectField
          label={d.month}
          placeholder={d.monthPlaceholder}
          options={MONTH_OPTIONS}
          value={editor.form.month}
          onValueChange={(month) => editor.setField('month', month)}
        />
        <TextField
          label={d.organizer}
          note={d.organizerNote}
          value={editor.form.organizer}
          maxLength={120}
          onChange={(event) => editor.setField('organizer', event.target.value)}
        />
        <LinkField
          label={d.link}
          value={editor.form.link}
          required
          onChange={(event) => editor.setField('link', event.target.value)}
        />
        <EditorFormFooter
          saveError={save.error}
          saving={save.isPending}
          done={editor.done}
          editing={editor.editing !== null}
          labels={{ save: d.save, add: d.add }}
          onCancel={editor.finishEditing}
        />
      </form>
    </Section>
  );
}
