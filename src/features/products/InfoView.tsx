// Info in view mode: every field of document 2 §2.7, and the downloads (images and files).
import type { DescriptionRow, ProductFileRow, ProductRow } from '../../data/index.ts';
import { storageUrl } from '../catalog/catalog-rules.ts';
import { fileLabel, unitOf } from './product-rules.ts';

const dash = (v: string | undefined) => (v?.trim() ? v : '—');

export function InfoView({ product: p, blocks, files }: { product: ProductRow; blocks: DescriptionRow[]; files: ProductFileRow[] }) {
  const unit = unitOf(p.measure);
  const measure = (v: string) => (v?.trim() ? `${v}${unit ? ` ${unit}` : ''}` : '—');
  return (
    <div className="info-view">
      <dl className="info-fields">
        <dt>Name</dt>
        <dd data-testid="info-name">{dash(p.name)}</dd>
        <dt>SKU</dt>
        <dd>{dash(p.sku)}</dd>
        <dt>Collection</dt>
        <dd>{dash(p.collection)}</dd>
        <dt>Automation</dt>
        <dd>{p.automation_system === 1 ? 'On' : 'Off'}</dd>
        <dt>Height</dt>
        <dd>{measure(p.height)}</dd>
        <dt>Width</dt>
        <dd>{measure(p.width)}</dd>
        <dt>Depth</dt>
        <dd>{measure(p.depth)}</dd>
        <dt>Finish</dt>
        <dd>{dash(p.finish)}</dd>
        <dt>Note</dt>
        <dd data-testid="info-note">{dash(p.note)}</dd>
        <dt>Categories</dt>
        <dd>{p.categories.length ? p.categories.map((c) => `${c.name} / ${c.subcategory}`).join(', ') : '—'}</dd>
        <dt>Tags</dt>
        <dd>
          {p.tags.length ? (
            <ul className="chips">
              {p.tags.map((t) => (
                <li key={t.id} className="chip-static">
                  {t.name}
                </li>
              ))}
            </ul>
          ) : (
            '—'
          )}
        </dd>
      </dl>
      <h3>Information</h3>
      {blocks.length ? (
        blocks.map((b) => (
          <article key={b.id} className="info-block">
            <h4>{b.title}</h4>
            <p>{b.notes}</p>
          </article>
        ))
      ) : (
        <p className="hint">No information blocks.</p>
      )}
      <h3>Downloads</h3>
      <ul className="downloads">
        {p.images.map((path, i) => (
          <li key={path}>
            <a href={storageUrl(path)} download={fileLabel(path)}>
              Image {i + 1} ({fileLabel(path)})
            </a>
          </li>
        ))}
        {files.map((f) => (
          <li key={f.path}>
            {f.pendingBlob !== undefined ? (
              <span>
                {fileLabel(f.path)} <span className="hint">(waiting to upload)</span>
              </span>
            ) : (
              <a href={storageUrl(f.path)} download={fileLabel(f.path)}>
                {fileLabel(f.path)}
              </a>
            )}
          </li>
        ))}
        {!p.images.length && !files.length && <li className="hint">Nothing to download.</li>}
      </ul>
    </div>
  );
}
