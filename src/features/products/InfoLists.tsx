// The list editors of Info: tags (typed with the comma rule), information blocks (title + notes;
// id 0 is new) and technical files (accepted types only; images belong to the image sections).
import { useId, useState } from 'react';
import { useTags } from '../../data/index.ts';
import { addTypedTags, classifyFile, FILE_ACCEPT, fileLabel, type DraftBlock, type DraftTag } from './product-rules.ts';

export function TagsEditor({ customerId, tags, onChange }: { customerId: number; tags: DraftTag[]; onChange: (t: DraftTag[]) => void }) {
  const id = useId();
  const known = useTags(customerId) ?? [];
  const [typed, setTyped] = useState('');
  const add = () => {
    onChange(addTypedTags(tags, typed, known));
    setTyped('');
  };
  return (
    <fieldset className="tags-editor">
      <legend>Tags</legend>
      <ul className="chips">
        {tags.map((t) => (
          <li key={t.id ?? `new:${t.name}`} className="chip-static">
            {t.name}
            <button type="button" className="chip-remove" aria-label={`Remove tag ${t.name}`} onClick={() => onChange(tags.filter((x) => x !== t))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <label htmlFor={`${id}-tags`}>Add tags (separate with commas)</label>
      <div className="inline-add">
        <input
          id={`${id}-tags`}
          list={`${id}-known`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            add();
          }}
        />
        <button type="button" className="button secondary" onClick={add}>
          Add
        </button>
      </div>
      <datalist id={`${id}-known`}>
        {known.map((k) => (
          <option key={k.id} value={k.name} />
        ))}
      </datalist>
    </fieldset>
  );
}

export function BlocksEditor({ blocks, onChange }: { blocks: DraftBlock[]; onChange: (b: DraftBlock[]) => void }) {
  const id = useId();
  const patch = (i: number, p: Partial<DraftBlock>) => onChange(blocks.map((b, j) => (j === i ? { ...b, ...p } : b)));
  return (
    <fieldset className="blocks-editor">
      <legend>Information</legend>
      {blocks.map((b, i) => (
        <div key={`${b.id}-${i}`} className="info-block edit">
          <label htmlFor={`${id}-t${i}`}>Title</label>
          <input id={`${id}-t${i}`} value={b.title} onChange={(e) => patch(i, { title: e.target.value })} />
          <label htmlFor={`${id}-n${i}`}>Notes</label>
          <textarea id={`${id}-n${i}`} rows={2} value={b.notes} onChange={(e) => patch(i, { notes: e.target.value })} />
          <button type="button" className="link-button" onClick={() => onChange(blocks.filter((_, j) => j !== i))}>
            Remove information “{b.title || 'untitled'}”
          </button>
        </div>
      ))}
      <p className="hint">A block is saved only with both a title and notes.</p>
      <button type="button" className="button secondary" onClick={() => onChange([...blocks, { id: 0, title: 'Description', notes: '' }])}>
        Add information
      </button>
    </fieldset>
  );
}

export function FilesEditor({ files, newFiles, onChange }: { files: string[]; newFiles: File[]; onChange: (files: string[], added: File[]) => void }) {
  const id = useId();
  const [note, setNote] = useState('');
  const pick = (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    const ok = chosen.filter((f) => classifyFile(f.name) === 'file');
    const images = chosen.filter((f) => classifyFile(f.name) === 'image').length;
    const refused = chosen.length - ok.length - images;
    setNote([images && `${images} image(s) skipped: images are handled in the image sections.`, refused && `${refused} file(s) of a type that is not accepted.`].filter(Boolean).join(' '));
    onChange(files, [...newFiles, ...ok]);
  };
  return (
    <fieldset className="files-editor">
      <legend>Files</legend>
      <ul className="file-list">
        {files.map((f) => (
          <li key={f}>
            {fileLabel(f)}{' '}
            <button type="button" className="link-button" onClick={() => onChange(files.filter((x) => x !== f), newFiles)}>
              Remove {fileLabel(f)}
            </button>
          </li>
        ))}
        {newFiles.map((f, i) => (
          <li key={`new-${i}`}>
            {f.name} <span className="hint">(new)</span>{' '}
            <button type="button" className="link-button" onClick={() => onChange(files, newFiles.filter((_, j) => j !== i))}>
              Remove {f.name}
            </button>
          </li>
        ))}
      </ul>
      <label htmlFor={`${id}-file`}>Add files (txt, pdf, doc, docx, xls, xlsx, ppt, pptx, csv, dwg)</label>
      <input id={`${id}-file`} type="file" multiple accept={FILE_ACCEPT} onChange={(e) => {
          pick(e.target.files);
          e.target.value = ''; // the same file can be chosen again
        }} />
      {note && (
        <p className="form-error" role="alert">
          {note}
        </p>
      )}
    </fieldset>
  );
}
