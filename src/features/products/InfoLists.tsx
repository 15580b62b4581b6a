// The list editors of Info: tags (typed with the comma rule, Enter picks or creates), information
// blocks (title + notes; id 0 is new) and technical files (accepted types only; images belong to the
// image sections, so they are skipped with a message).
import { useState } from 'react';
import { FileText, Plus, Trash2 } from 'lucide-react';
import { useTags } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { IconButton } from '../../ui/IconButton.tsx';
import { TagInput } from '../../ui/TagInput.tsx';
import { TextArea, TextField } from '../../ui/TextField.tsx';
import { classifyFile, FILE_ACCEPT, fileLabel, type DraftBlock, type DraftTag } from './product-rules.ts';
import styles from './products.module.css';

type TagItem = { key: string | number; label: string; id?: number };
const toItem = (t: DraftTag): TagItem => ({ key: t.id ?? `new:${t.name.toLowerCase()}`, label: t.name, id: t.id });

export function TagsEditor({ customerId, tags, onChange }: { customerId: number; tags: DraftTag[]; onChange: (t: DraftTag[]) => void }) {
  const known = (useTags(customerId) ?? []).map((k) => toItem(k));
  return (
    <Card title="Tags" headingLevel={3}>
      <TagInput<TagItem>
        label="Add tags (separate with commas)"
        value={tags.map(toItem)}
        options={known}
        onChange={(next) => onChange(next.map((i) => ({ id: i.id, name: i.label })))}
        onCreate={(label) => ({ key: `new:${label.toLowerCase()}`, label })}
        placeholder="Type a tag, then Enter or a comma"
        hint="A tag matches an existing one whatever its capitals; a new name becomes a new tag."
      />
    </Card>
  );
}

export function BlocksEditor({ blocks, onChange }: { blocks: DraftBlock[]; onChange: (b: DraftBlock[]) => void }) {
  const patch = (i: number, p: Partial<DraftBlock>) => onChange(blocks.map((b, j) => (j === i ? { ...b, ...p } : b)));
  return (
    <Card
      title="Information"
      description="A block is saved only with both a title and notes."
      headingLevel={3}
      actions={
        <Button size="sm" icon={<Plus />} onClick={() => onChange([...blocks, { id: 0, title: 'Description', notes: '' }])}>
          Add information
        </Button>
      }
    >
      {blocks.length === 0 ? (
        <p className={styles.muted}>No information blocks yet.</p>
      ) : (
        <div className={styles.blocks}>
          {blocks.map((b, i) => (
            <div key={`${b.id}-${i}`} className={styles.blockEdit}>
              <TextField label="Title" value={b.title} onChange={(e) => patch(i, { title: e.target.value })} />
              <TextArea label="Notes" rows={2} value={b.notes} onChange={(e) => patch(i, { notes: e.target.value })} />
              <IconButton label={`Remove information “${b.title || 'untitled'}”`} icon={<Trash2 />} className={styles.blockRemove} onClick={() => onChange(blocks.filter((_, j) => j !== i))} />
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}

export function FilesEditor({ files, newFiles, onChange }: { files: string[]; newFiles: File[]; onChange: (files: string[], added: File[]) => void }) {
  const [note, setNote] = useState('');
  const pick = (accepted: File[], refused: File[]) => {
    const images = refused.filter((f) => classifyFile(f.name) === 'image').length;
    const other = refused.length - images;
    setNote([images && `${images} image(s) skipped: images are handled in the image sections.`, other && `${other} file(s) of a type that is not accepted.`].filter(Boolean).join(' '));
    onChange(files, [...newFiles, ...accepted]);
  };
  return (
    <Card title="Files" headingLevel={3}>
      {files.length > 0 && (
        <ul className={styles.fileList}>
          {files.map((f) => (
            <li key={f}>
              <FileText aria-hidden="true" />
              <span className={styles.fileName}>{fileLabel(f)}</span>
              <IconButton label={`Remove ${fileLabel(f)}`} icon={<Trash2 />} size="sm" onClick={() => onChange(files.filter((x) => x !== f), newFiles)} />
            </li>
          ))}
        </ul>
      )}
      <FileDrop
        label="Add files (txt, pdf, doc, docx, xls, xlsx, ppt, pptx, csv, dwg)"
        accept={FILE_ACCEPT}
        acceptLabel="Documents and drawings: txt, pdf, doc, docx, xls, xlsx, ppt, pptx, csv, dwg"
        multiple
        files={newFiles}
        error={note || null}
        onPick={pick}
        onRemove={(i) => onChange(files, newFiles.filter((_, j) => j !== i))}
      />
    </Card>
  );
}
