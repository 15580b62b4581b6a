// The list editors of Info: tags (typed with the comma rule, Enter picks or creates), information
// blocks (title + notes; id 0 is new) and technical files (checked by the contract's upload rules;
// images belong to the image sections, so they are refused here with that reason).
import { FileText, Plus, Trash2 } from 'lucide-react';
import { useTags } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { IconButton } from '../../ui/IconButton.tsx';
import { TagInput } from '../../ui/TagInput.tsx';
import { TextArea, TextField } from '../../ui/TextField.tsx';
import { acceptOf } from '../../api/contract/rules/files.ts';
import { uploadCheck } from '../../api/upload-check.ts';
import { classifyFile, fileLabel, type DraftBlock, type DraftTag, type InfoErrors } from './product-rules.ts';
import styles from './products.module.css';

type TagItem = { key: string | number; label: string; id?: number };
const toItem = (t: DraftTag): TagItem => ({ key: t.id ?? `new:${t.name.toLowerCase()}`, label: t.name, id: t.id });

export function TagsEditor({
  customerId,
  tags,
  error,
  onChange,
  text,
  onText,
}: {
  customerId: number;
  tags: DraftTag[];
  error?: string;
  onChange: (t: DraftTag[]) => void;
  text: string;
  onText: (text: string) => void;
}) {
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
        error={error}
        text={text}
        onTextChange={onText}
      />
    </Card>
  );
}

export function BlocksEditor({
  blocks,
  errors,
  onChange,
}: {
  blocks: DraftBlock[];
  errors: InfoErrors;
  onChange: (b: DraftBlock[]) => void;
}) {
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
              <TextField
                label="Title"
                value={b.title}
                error={errors[`block:${i}:title`]}
                onChange={(e) => patch(i, { title: e.target.value })}
              />
              <TextArea
                label="Notes"
                rows={2}
                value={b.notes}
                error={errors[`block:${i}:notes`]}
                onChange={(e) => patch(i, { notes: e.target.value })}
              />
              <IconButton
                label={`Remove information “${b.title || 'untitled'}”`}
                icon={<Trash2 />}
                className={styles.blockRemove}
                onClick={() => onChange(blocks.filter((_, j) => j !== i))}
              />
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}

// The technical file call's files but the images (the contract's 'document' kind, document 2 §5).
const assetCheck = uploadCheck('document');
/** The technical file call's check; an image is refused with where it goes instead. */
const checkFiles = async (picked: readonly File[]) => {
  const v = await assetCheck(picked);
  const refused = v.refused.map((r) =>
    classifyFile(r.file.name) === 'image' ? { ...r, reason: 'Images are added in the image sections, not as files.' } : r,
  );
  return { ...v, refused };
};

interface FilesEditorProps {
  files: string[];
  /** A stored file's name as uploaded, by its path (else the path's last part). */
  names: Readonly<Record<string, string>>;
  newFiles: File[];
  onChange: (files: string[], added: File[]) => void;
}

export function FilesEditor({ files, names, newFiles, onChange }: FilesEditorProps) {
  const nameOf = (path: string) => names[path] ?? fileLabel(path);
  return (
    <Card title="Files" headingLevel={3}>
      {files.length > 0 && (
        <ul className={styles.fileList}>
          {files.map((f) => (
            <li key={f}>
              <FileText aria-hidden="true" />
              <span className={styles.fileName}>{nameOf(f)}</span>
              <IconButton
                label={`Remove ${nameOf(f)}`}
                icon={<Trash2 />}
                size="sm"
                onClick={() =>
                  onChange(
                    files.filter((x) => x !== f),
                    newFiles,
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
      <FileDrop
        label="Add files (txt, pdf, doc, docx, xls, xlsx, ppt, pptx, csv, dwg)"
        accept={acceptOf('document')}
        acceptLabel="Documents and drawings: txt, pdf, doc, docx, xls, xlsx, ppt, pptx, csv, dwg"
        multiple
        files={newFiles}
        check={checkFiles}
        onPick={(accepted) => onChange(files, [...newFiles, ...accepted])}
        onRemove={(i) =>
          onChange(
            files,
            newFiles.filter((_, j) => j !== i),
          )
        }
      />
    </Card>
  );
}
