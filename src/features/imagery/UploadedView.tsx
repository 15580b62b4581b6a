// An uploaded image chosen instead of a preset ('manual', §2): shown large, with its download; a
// 360 upload session shows its photos in the carousel (issue 27), and those still queued under it.
// The edit controls stay off meanwhile.
import { Download } from 'lucide-react';
import { downloadUrl, storageUrl } from '../../api/storage-paths.ts';
import type { SectionFileRow } from '../../data/index.ts';
import { buttonClass } from '../../ui/Button.tsx';
import { Img } from '../../ui/Img.tsx';
import { QueuedPicture } from './QueuedPicture.tsx';
import { PhotoCarousel } from './spin/PhotoCarousel.tsx';
import styles from './imagery.module.css';

export function UploadedView({ file, name, sku }: { file: SectionFileRow; name: string; sku: string }) {
  const queued = file.pendingBlobs ?? [];
  if (file.list === '360') {
    return (
      <div className={styles.manual}>
        <div className={styles.previewBar}>
          <span className={styles.previewCaption}>
            {name}: {file.paths.length + queued.length} photos
          </span>
        </div>
        {file.paths.length > 0 && <PhotoCarousel urls={file.paths.map(storageUrl)} label={`Photos of ${name}`} />}
        {queued.length > 0 && (
          <div className={styles.groupGrid} role="group" aria-label="Photos waiting to upload">
            {queued.map((b) => (
              <QueuedPicture key={b} blobId={b} name={name} />
            ))}
          </div>
        )}
      </div>
    );
  }
  const path = file.paths[0];
  return (
    <div className={styles.manual}>
      <div className={styles.previewBar}>
        <span className={styles.previewCaption}>{name}</span>
        {path && (
          <a className={buttonClass({ size: 'sm' })} href={downloadUrl(path)} download={file.name}>
            <Download aria-hidden="true" /> Download
          </a>
        )}
      </div>
      <div className={styles.manualImage}>
        {path ? (
          <Img src={storageUrl(path)} alt={name} placeholder={{ name, caption: sku }} checker />
        ) : (
          <QueuedPicture blobId={queued[0]} name={name} />
        )}
      </div>
    </div>
  );
}
