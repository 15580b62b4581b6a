// One template in a catalogue grid (document 2 §2.1, §2.3): its thumbnail (the queued image while it
// waits to be sent, with a pending mark), name, id, visibility and ambients. In the admin catalogue it
// opens /template/{id}; in the customer one a click on the picture zooms. Zoom and delete buttons sit
// on the picture (delete only where the user may). The card is the grid's roving tab stop (tabIndex on its
// main control and its tools), and tells the page which template it opened (Back focuses it again).
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { Clock, Trash2, ZoomIn } from 'lucide-react';
import type { TemplateRow } from '../../data/index.ts';
import { Badge } from '../../ui/Badge.tsx';
import { IconButton } from '../../ui/IconButton.tsx';
import { Img } from '../../ui/Img.tsx';
import { TileButton } from '../../ui/TileButton.tsx';
import { QueuedImg } from '../batch/QueuedImg.tsx';
import { templateThumb } from '../catalog/catalog-rules.ts';
import styles from './templates.module.css';

interface Props {
  t: TemplateRow;
  cell: number;
  /** The grid's roving tab stop (CatalogGrid). */
  tabIndex: 0 | -1;
  admin: boolean;
  canDelete: boolean;
  onZoom: (t: TemplateRow) => void;
  onDelete: (t: TemplateRow) => void;
  /** Its template page is being opened (admin). */
  onOpen?: (id: number) => void;
}

export const TemplateCard = memo(function TemplateCard({ t, cell, tabIndex, admin, canDelete, onZoom, onDelete, onOpen }: Props) {
  const pending = t.id < 0 || t.pendingImage !== undefined;
  const thumb =
    t.pendingImage !== undefined && !t.image_name ? (
      <QueuedImg blobId={t.pendingImage} alt="" placeholder={{ name: t.name }} fit="cover" className={styles.thumb} />
    ) : (
      <Img
        src={templateThumb(t)}
        alt=""
        placeholder={{ name: t.name, caption: `#${t.id}` }}
        fit="cover"
        className={styles.thumb}
        loading="lazy"
        decoding="async"
      />
    );
  const ambients = t.ambients.map((a) => a.name).join(', ');
  return (
    <div className={styles.card} data-testid="template-card" data-id={t.id} data-pending={pending || undefined}>
      <div className={styles.media} style={{ height: Math.round(cell) }}>
        {admin ? (
          <Link
            to={`/template/${t.id}`}
            className={styles.open}
            aria-label={`Open ${t.name}`}
            tabIndex={tabIndex}
            onClick={() => onOpen?.(t.id)}
          >
            {thumb}
          </Link>
        ) : (
          <TileButton className={styles.zoomable} onClick={() => onZoom(t)} aria-label={`Zoom ${t.name}`} tabIndex={tabIndex}>
            {thumb}
          </TileButton>
        )}
        {pending && (
          <Badge tone="warning" size="sm" icon={<Clock />} className={styles.pending}>
            Pending
          </Badge>
        )}
        <span className={styles.tools}>
          {admin && (
            <IconButton
              label={`Zoom ${t.name}`}
              icon={<ZoomIn />}
              size="sm"
              variant="secondary"
              tabIndex={tabIndex}
              onClick={() => onZoom(t)}
            />
          )}
          {canDelete && (
            <IconButton
              label={`Delete ${t.name}`}
              icon={<Trash2 />}
              size="sm"
              variant="secondary"
              tabIndex={tabIndex}
              onClick={() => onDelete(t)}
            />
          )}
        </span>
      </div>
      {admin ? (
        <Link to={`/template/${t.id}`} className={styles.name} title={t.name} tabIndex={-1} onClick={() => onOpen?.(t.id)}>
          {t.name}
        </Link>
      ) : (
        <span className={styles.name} title={t.name}>
          {t.name}
        </span>
      )}
      <span className={styles.meta} title={ambients}>
        {t.id > 0 ? `#${t.id} · ` : ''}
        {t.public ? 'Public' : 'Private'}
        {ambients && ` · ${ambients}`}
      </span>
    </div>
  );
});
