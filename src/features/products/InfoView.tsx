// Info in view mode: the pictures, every field of document 2 §2.7, the information blocks and the
// downloads (pictures named after the product, <SKU>_1.png…, and the technical files).
import { Download, FileText, Image as ImageIcon } from 'lucide-react';
import { fileNameOf, type DescriptionRow, type ProductFileRow, type ProductRow } from '../../data/index.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { downloadUrl, storageUrl } from '../../api/storage-paths.ts';
import { Gallery } from './Gallery.tsx';
import { downloadName, unitOf } from './product-rules.ts';
import styles from './products.module.css';

const dash = (v: string | undefined) => (v?.trim() ? v : '—');

export function InfoView({
  product: p,
  blocks,
  files,
}: {
  product: ProductRow;
  blocks: DescriptionRow[];
  files: ProductFileRow[];
}) {
  const unit = unitOf(p.measure);
  const measure = (v: string) => (v?.trim() ? `${v}${unit ? ` ${unit}` : ''}` : '—');
  return (
    <div className={styles.infoGrid}>
      <div className={styles.column}>
        <Gallery product={p} />
        <Card title="Information" headingLevel={3}>
          {blocks.length ? (
            <div className={styles.blocks}>
              {blocks.map((b) => (
                <article key={b.id} className={styles.block}>
                  <h4>{b.title}</h4>
                  <p>{b.notes}</p>
                </article>
              ))}
            </div>
          ) : (
            <p className={styles.muted}>No information blocks.</p>
          )}
        </Card>
      </div>
      <div className={styles.column}>
        <Card title="Details" headingLevel={3}>
          <dl className={styles.fields}>
            <dt>Name</dt>
            <dd data-testid="info-name">{dash(p.name)}</dd>
            <dt>SKU</dt>
            <dd className="tabular">{dash(p.sku)}</dd>
            <dt>Collection</dt>
            <dd>{dash(p.collection)}</dd>
            <dt>Automation</dt>
            <dd>{p.automation_system === 1 ? <Badge tone="accent">On</Badge> : <Badge>Off</Badge>}</dd>
            <dt>Height</dt>
            <dd className="tabular">{measure(p.height)}</dd>
            <dt>Width</dt>
            <dd className="tabular">{measure(p.width)}</dd>
            <dt>Depth</dt>
            <dd className="tabular">{measure(p.depth)}</dd>
            <dt>Finish</dt>
            <dd>{dash(p.finish)}</dd>
            <dt>Note</dt>
            <dd data-testid="info-note" className={styles.note}>
              {dash(p.note)}
            </dd>
            <dt>Categories</dt>
            <dd className={styles.badges}>
              {p.categories.length
                ? p.categories.map((c) => <Badge key={c.id_subcategory}>{`${c.name} / ${c.subcategory}`}</Badge>)
                : '—'}
            </dd>
            <dt>Tags</dt>
            <dd>
              {p.tags.length ? (
                <ul className={styles.badges}>
                  {p.tags.map((t) => (
                    <li key={t.id}>
                      <Badge tone="accent">{t.name}</Badge>
                    </li>
                  ))}
                </ul>
              ) : (
                '—'
              )}
            </dd>
          </dl>
        </Card>
        <Card title="Downloads" headingLevel={3} flush>
          {p.images.length || files.length ? (
            <ul className={styles.downloads} data-testid="downloads">
              {p.images.map((path, i) => (
                <li key={path}>
                  <ImageIcon aria-hidden="true" />
                  <a href={storageUrl(path)} download={downloadName(p, i, path)}>
                    {downloadName(p, i, path)}
                  </a>
                  <Download aria-hidden="true" className={styles.downloadIcon} />
                </li>
              ))}
              {files.map((f) => (
                <li key={f.path}>
                  <FileText aria-hidden="true" />
                  {f.pendingBlob !== undefined ? (
                    <span>
                      {fileNameOf(f)} <Badge size="sm">Waiting to upload</Badge>
                    </span>
                  ) : (
                    <a href={downloadUrl(f.path)} download={fileNameOf(f)}>
                      {fileNameOf(f)}
                    </a>
                  )}
                  <Download aria-hidden="true" className={styles.downloadIcon} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState compact icon={<Download />} title="Nothing to download yet." />
          )}
        </Card>
      </div>
    </div>
  );
}
