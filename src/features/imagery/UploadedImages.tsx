// Part 9 of the preset panel, 'Images Uploaded': the customer's own images (for 360, one tile per
// upload session with its photos), an Upload tile for editors, and 'Download All Images'. Choosing
// an image selects it instead of a preset ('manual' in the specs).
import { useState, type ReactNode } from 'react';
import { ImagePlus, Images } from 'lucide-react';
import { storageUrl, thumbOf } from '../../api/storage-paths.ts';
import type { SectionFileRow, Who } from '../../data/index.ts';
import { Badge } from '../../ui/Badge.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { HScroller } from '../../ui/HScroller.tsx';
import { Img } from '../../ui/Img.tsx';
import { AddTile, PickTile } from '../../ui/PickTile.tsx';
import { previewable } from './preset-rules.ts';
import { QueuedPicture } from './QueuedPicture.tsx';
import { UploadDialog, type UploadKind } from './UploadDialog.tsx';
import styles from './imagery.module.css';

interface Props {
  list: 'silo' | 'vignette' | '360';
  files: SectionFileRow[] | undefined;
  selected: number | undefined;
  canEdit: boolean;
  who: Who;
  onSelect(id: number): void;
  /** An upload was queued (the dialog shows its outcome; the panel's alerts need not). */
  onQueued(actionId: string): void;
  /** 'Download All Images' (the section decides how). */
  download: ReactNode;
}

const KIND = (list: Props['list']): UploadKind => ({
  list,
  file: 'anyImage',
  acceptLabel: 'Any image: JPG, PNG, WebP, GIF, TIFF or AVIF',
  noun: 'images',
  preview: previewable,
});

export const uploadName = (f: SectionFileRow, i: number, list: Props['list']) => (list === '360' ? `Upload ${i + 1}` : f.name);

export function UploadedImages({ list, files, selected, canEdit, who, onSelect, onQueued, download }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <section className={styles.part} aria-labelledby="uploads-heading">
      <div className={styles.partHead}>
        <h3 id="uploads-heading" className={styles.partTitle}>
          Images Uploaded
        </h3>
        {download}
      </div>
      <HScroller label="Uploaded images" step={100}>
        {canEdit && (
          <AddTile icon={<ImagePlus />} onClick={() => setOpen(true)} width={120}>
            Upload
          </AddTile>
        )}
        {(files ?? []).map((f, i) => {
          const name = uploadName(f, i, list);
          const queued = !!f.pendingBlobs?.length;
          const count = list === '360' ? f.paths.length + (f.pendingBlobs?.length ?? 0) : 0;
          return (
            <PickTile
              key={f.id}
              aria-label={name}
              width={120}
              aspect={1}
              selected={selected === f.id}
              onClick={() => onSelect(f.id)}
              caption={list === '360' ? `${name} · ${count} photos` : name}
              badge={
                queued ? (
                  <Badge size="sm" tone="warning">
                    Queued
                  </Badge>
                ) : undefined
              }
              picture={
                f.paths[0] ? (
                  <Img src={storageUrl(thumbOf(f.paths[0]))} alt="" placeholder={{ name }} checker />
                ) : (
                  <QueuedPicture blobId={f.pendingBlobs?.[0]} name={name} />
                )
              }
            />
          );
        })}
      </HScroller>
      {files?.length === 0 && (
        <EmptyState
          compact
          icon={<Images />}
          title="No images uploaded yet."
          description={canEdit ? 'Upload your own photos of this product.' : undefined}
        />
      )}
      {canEdit && (
        <UploadDialog
          open={open}
          onClose={() => setOpen(false)}
          who={who}
          kind={KIND(list)}
          onQueued={onQueued}
          title={list === '360' ? 'Upload 360 photos' : 'Upload images'}
        />
      )}
    </section>
  );
}
