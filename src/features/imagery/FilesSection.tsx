// The 3D Files section (document 3 §2): the studio's files and the customer's uploads, each
// downloaded by a click, with an Upload tile for editors (fbx, obj, blend, glb, usdz: the terms'
// export formats) and a way to copy a file's address.
import { Box, FileBox, Link2 } from 'lucide-react';
import { downloadUrl, storageUrl } from '../../api/storage-paths.ts';
import { useImageryLoad, useSectionFiles, useSyncStatus, type SectionFileRow, type Who } from '../../data/index.ts';
import { Badge } from '../../ui/Badge.tsx';
import { buttonClass } from '../../ui/Button.tsx';
import { IconButton } from '../../ui/IconButton.tsx';
import { copyText } from './clipboard.ts';
import { MediaList } from './MediaLists.tsx';
import media from './media.module.css';
import styles from './imagery.module.css';

const extOf = (f: SectionFileRow) => (f.extension ?? f.name.split('.').pop() ?? '').toUpperCase();

function FileRow({ f }: { f: SectionFileRow }) {
  const path = f.paths[0];
  return (
    <div className={media.fileRow}>
      {path ? (
        <a
          className={buttonClass({ variant: 'secondary', block: true }, media.fileLink)}
          href={downloadUrl(path)}
          download={f.name}
          title={`Download ${f.name}`}
        >
          <FileBox aria-hidden="true" />
          <span className={media.fileName}>{f.name}</span>
          <Badge size="sm">{extOf(f)}</Badge>
        </a>
      ) : (
        <span className={buttonClass({ variant: 'secondary', block: true }, media.fileLink)} aria-disabled="true">
          <FileBox aria-hidden="true" />
          <span className={media.fileName}>{f.name}</span>
          <Badge size="sm" tone="warning">
            Queued
          </Badge>
        </span>
      )}
      {path && (
        <IconButton
          label={`Copy the address of ${f.name}`}
          icon={<Link2 />}
          onClick={() => void copyText(new URL(storageUrl(path), location.href).href)}
        />
      )}
    </div>
  );
}

export function FilesSection({ who, canEdit }: { who: Who; canEdit: boolean }) {
  const { online } = useSyncStatus();
  useImageryLoad(who.customerId, who.productId, '3d-files', online);
  const studio = useSectionFiles(who.productId, 'studio-3dfiles');
  const mine = useSectionFiles(who.productId, '3dfiles');
  const row = (f: SectionFileRow) => <FileRow f={f} />;
  return (
    <section className={styles.section} aria-labelledby="section-heading">
      <div className={styles.sectionHead}>
        <h2 id="section-heading">3D Files</h2>
      </div>
      <div className={media.fileCards}>
        <MediaList
          title="Automation files"
          files={studio}
          className={media.fileList}
          item={row}
          empty={{ icon: <Box />, title: 'The studio has made no 3D files yet.' }}
        />
        <MediaList
          title="Uploaded files"
          files={mine}
          className={media.fileList}
          item={row}
          empty={{ icon: <Box />, title: 'No 3D files uploaded yet.' }}
          upload={
            canEdit
              ? {
                  who,
                  title: 'Upload 3D files',
                  kind: { list: '3dfiles', file: 'model3d', acceptLabel: 'FBX, OBJ, BLEND, GLB or USDZ', noun: 'files' },
                }
              : undefined
          }
        />
      </div>
    </section>
  );
}
