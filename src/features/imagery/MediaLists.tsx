// The file lists of the Video and 3D Files sections: the studio's ('automation') files and the
// customer's uploads, each with an empty state, an Upload tile for editors, and queued uploads
// marked as such.
import { useState, type ReactNode } from 'react';
import { Upload } from 'lucide-react';
import type { SectionFileRow, UploadList, Who } from '../../data/index.ts';
import { AddTile } from '../../ui/PickTile.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { UploadDialog, type UploadKind } from './UploadDialog.tsx';

interface Props {
  title: string;
  files: SectionFileRow[] | undefined;
  empty: { icon: ReactNode; title: string };
  /** How a file shows (a row, a tile). */
  item: (f: SectionFileRow, i: number) => ReactNode;
  className?: string;
  upload?: { who: Who; kind: UploadKind & { list: UploadList }; title: string };
}

export function MediaList({ title, files, empty, item, className, upload }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Card
      headingLevel={3}
      title={title}
      description={files ? (files.length === 1 ? '1 file' : `${files.length} files`) : undefined}
    >
      {!files ? (
        <Skeleton height={96} />
      ) : (
        <ul className={className}>
          {files.map((f, i) => (
            <li key={f.id}>{item(f, i)}</li>
          ))}
          {upload && (
            <li>
              <AddTile icon={<Upload />} onClick={() => setOpen(true)} width="100%">
                Upload
              </AddTile>
            </li>
          )}
        </ul>
      )}
      {files?.length === 0 && !upload && <EmptyState compact icon={empty.icon} title={empty.title} />}
      {files?.length === 0 && upload && (
        <EmptyState compact icon={empty.icon} title={empty.title} description="Use Upload to add your own." />
      )}
      {upload && (
        <UploadDialog open={open} onClose={() => setOpen(false)} who={upload.who} kind={upload.kind} title={upload.title} />
      )}
    </Card>
  );
}
