// One product or scene in the grid. A product opens its page; a scene opens the zoom viewer and
// can be selected for a service request. Products flagged for automation carry the 'A' flag.
import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { ProductRow, TemplateRow } from '../../data/index.ts';
import { Img } from '../../ui/Img.tsx';
import { productThumb, templateThumb } from './catalog-rules.ts';

// The design system's image: never blank; offline and never cached it is the placeholder tile.
function Thumb({ src, cell, name, caption }: { src: string | null; cell: number; name: string; caption?: string }) {
  const side = Math.round(cell);
  return <Img src={src} alt="" loading="lazy" decoding="async" width={side} height={side} className="thumb" placeholder={{ name, caption }} />;
}

// Memoised: rows keep their identity across queries, so a card still in view is not rendered again.
export const ProductCard = memo(function ProductCard({ p, cell }: { p: ProductRow; cell: number }) {
  const label = p.name || p.sku || `Product ${p.id}`;
  return (
    <Link to={`/product/${p.id}`} className="card" data-testid="product-card" data-id={p.id}>
      <Thumb src={productThumb(p)} cell={cell} name={label} caption={p.sku || undefined} />
      {p.id < 0 && (
        <span className="flag-pending" data-testid="pending-mark">
          Pending
        </span>
      )}
      {p.automation_system === 1 && (
        <span className="flag-a" title="Automation">
          <span aria-hidden="true">A</span>
          <span className="sr-only">Automation</span>
        </span>
      )}
      <span className="card-name">{label}</span>
      <span className="card-meta">
        {p.sku && <span>{p.sku}</span>} <span>#{p.id}</span>
      </span>
    </Link>
  );
});

interface SceneProps {
  t: TemplateRow;
  cell: number;
  selected: boolean;
  onToggle: (id: number) => void;
  onZoom: (t: TemplateRow) => void;
}

export function SceneCard({ t, cell, selected, onToggle, onZoom }: SceneProps) {
  return (
    <div className={`card scene ${selected ? 'selected' : ''}`} data-testid="scene-card" data-id={t.id}>
      <button type="button" className="card-open" onClick={() => onZoom(t)} aria-label={`Zoom ${t.name}`}>
        <Thumb src={templateThumb(t)} cell={cell} name={t.name} />
      </button>
      <label className="card-select">
        <input type="checkbox" checked={selected} onChange={() => onToggle(t.id)} />
        <span className="card-name">{t.name}</span>
      </label>
      <span className="card-meta">
        #{t.id} {t.public ? 'Public' : 'Private'}
      </span>
    </div>
  );
}
