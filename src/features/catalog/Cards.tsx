// One product or scene in the grid. A product opens its page; a scene opens the zoom viewer and can be
// chosen for a service request. Thumbnails never leave a blank: a placeholder tile shows the product's
// initials and SKU when the image is missing or cannot load (offline, never cached).
import { memo } from 'react';
import { Clock, Maximize2 } from 'lucide-react';
import { highlight, type ProductRow, type TemplateRow, type Word } from '../../data/index.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Img } from '../../ui/Img.tsx';
import { PickBox } from '../../ui/PickBox.tsx';
import { TileButton } from '../../ui/TileButton.tsx';
import { cx } from '../../ui/cx.ts';
import { QueuedImg } from '../batch/QueuedImg.tsx';
import { productThumb, templateThumb } from './catalog-rules.ts';
import styles from './catalog.module.css';

export const productLabel = (p: Pick<ProductRow, 'name' | 'sku' | 'id'>) => p.name || p.sku || `Product ${p.id}`;

function Thumb({ src, cell, name, caption }: { src: string | null; cell: number; name: string; caption?: string }) {
  const side = Math.round(cell);
  // Keyed by picture: a cell that shows another product starts its image afresh (no stale picture
  // while the new one loads). A placeholder tile is only text: it is updated in place (a keystroke
  // that brings new products into view rebuilt every tile's DOM when keyed by name).
  return (
    <Img
      key={src ?? ''}
      src={src}
      alt=""
      placeholder={{ name, caption }}
      loading="lazy"
      decoding="async"
      fade={false}
      width={side}
      height={side}
      className={styles.thumb}
    />
  );
}

/** A shown text with the search's matched words marked (<mark>); a SKU is read as the search reads one. */
function Marked({ text, words, sku }: { text: string; words: readonly Word[]; sku?: boolean }) {
  if (!words.length) return text;
  return highlight(text, words, sku).map((piece, i) =>
    piece.hit ? (
      <mark key={i} className={styles.hit}>
        {piece.text}
      </mark>
    ) : (
      piece.text
    ),
  );
}

interface ProductCardProps {
  p: ProductRow;
  cell: number;
  /** The search's words (the same array while the text is the same), highlighted. */
  words: readonly Word[];
  /** The grid's roving tab stop (CatalogGrid). */
  tabIndex: 0 | -1;
  /** A queued action changes it (shown until the server confirms). */
  pending?: boolean;
  selected?: boolean;
  /** Present for an editor: the card has a checkbox, and x or Space toggles it (shift: a range). */
  onToggle?: (id: number, shift: boolean) => void;
}

// Memoised: rows keep their identity across queries, so a card still in view is not rendered again.
export const ProductCard = memo(function ProductCard({
  p,
  cell,
  words,
  tabIndex,
  pending,
  selected,
  onToggle,
}: ProductCardProps) {
  const label = productLabel(p);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (!onToggle || e.altKey || e.ctrlKey || e.metaKey || (e.key !== 'x' && e.key !== 'X' && e.key !== ' ')) return;
    e.preventDefault(); // Space would scroll; Enter still opens the product
    onToggle(p.id, e.shiftKey);
  };
  const link = (
    // A plain link (CatalogPage's openCard routes its click): no router hooks in each of the cards mounted per keystroke.
    <a
      href={`/product/${p.id}`}
      className={styles.card}
      data-testid="product-card"
      data-id={p.id}
      tabIndex={tabIndex}
      onKeyDown={onKeyDown}
      aria-describedby={onToggle && selected ? SELECTED_ID : undefined}
    >
      {!p.images.length && p.pendingImages?.length ? (
        <QueuedImg
          key={p.pendingImages[0]!}
          blobId={p.pendingImages[0]!}
          alt=""
          placeholder={{ name: label, caption: p.sku || undefined }}
          className={styles.thumb}
        />
      ) : (
        <Thumb src={productThumb(p)} cell={cell} name={label} caption={p.sku || undefined} />
      )}
      {(p.id < 0 || pending) && (
        <Badge tone="warning" size="sm" icon={<Clock />} className={styles.pendingMark} data-testid="pending-mark">
          Pending
        </Badge>
      )}
      {p.automation_system === 1 && (
        <span className={styles.flag} title="Automation" data-testid="automation-flag">
          <span aria-hidden="true">A</span>
          <span className="sr-only">Automation</span>
        </span>
      )}
      <span className={styles.cardName} title={label}>
        <Marked text={label} words={words} sku={!p.name && label === p.sku} />
      </span>
      <span className={styles.cardMeta}>
        {p.sku && (
          <span>
            <Marked text={p.sku} words={words} sku />
          </span>
        )}
        {p.id > 0 && <span>#{p.id}</span>}
      </span>
    </a>
  );
  if (!onToggle) return link;
  return (
    <div className={cx(styles.pickable, selected && styles.selected)}>
      {link}
      <span className={styles.pick}>
        <PickBox
          label={`Select ${label}`}
          checked={!!selected}
          tabIndex={-1}
          onClick={(e) => onToggle(p.id, e.shiftKey)} // the selection decides, with the Shift key
        />
      </span>
    </div>
  );
});

/** The id of the hidden word "Selected" a selected card is described by (CatalogPage renders it once). */
export const SELECTED_ID = 'catalog-card-selected';

interface SceneProps {
  t: TemplateRow;
  cell: number;
  words: readonly Word[];
  tabIndex: 0 | -1;
  selected: boolean;
  onToggle: (id: number) => void;
  onZoom: (t: TemplateRow) => void;
}

export function SceneCard({ t, cell, words, tabIndex, selected, onToggle, onZoom }: SceneProps) {
  return (
    <div className={cx(styles.card, styles.scene, selected && styles.selected)} data-testid="scene-card" data-id={t.id}>
      <TileButton className={styles.zoom} onClick={() => onZoom(t)} aria-label={`Zoom ${t.name}`} tabIndex={tabIndex}>
        <Thumb src={templateThumb(t)} cell={cell} name={t.name} caption={`#${t.id}`} />
        <Maximize2 className={styles.zoomIcon} aria-hidden="true" />
      </TileButton>
      <Checkbox
        className={styles.select}
        label={
          <span className={styles.cardName} title={t.name}>
            <Marked text={t.name} words={words} />
          </span>
        }
        checked={selected}
        onCheckedChange={() => onToggle(t.id)}
      />
      <span className={styles.cardMeta}>
        <span>#{t.id}</span> <span>{t.public ? 'Public' : 'Private'}</span>
      </span>
    </div>
  );
}
