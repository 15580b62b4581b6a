// The product's pictures at the top of Info: the chosen one large (the first at first), the others as
// thumbnails to choose from; the large one opens the zoom viewer. Missing or unreachable pictures show
// the placeholder tile (initials and SKU), never a blank.
import { useState } from 'react';
import { ImageOff, Maximize2 } from 'lucide-react';
import type { ProductRow } from '../../data/index.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Img } from '../../ui/Img.tsx';
import { TileButton } from '../../ui/TileButton.tsx';
import { ZoomViewer } from '../../ui/ZoomViewer.tsx';
import { cx } from '../../ui/cx.ts';
import { storageUrl, thumbOf } from '../../api/storage-paths.ts';
import styles from './products.module.css';

export function Gallery({ product: p }: { product: ProductRow }) {
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState(false);
  const name = p.name || p.sku || `Product ${p.id}`;
  const placeholder = { name, caption: p.sku || undefined };
  const images = p.images;
  const current = images[Math.min(index, images.length - 1)];
  if (!current) {
    return (
      <div className={styles.galleryEmpty}>
        <EmptyState
          compact
          icon={<ImageOff />}
          title="No pictures yet."
          description="Pictures added in the image sections appear here."
        />
      </div>
    );
  }
  const alt = `${name}, picture ${index + 1} of ${images.length}`;
  return (
    <div className={styles.gallery}>
      <TileButton
        className={styles.mainImage}
        aria-label={`Zoom picture ${index + 1} of ${images.length}`}
        onClick={() => setZoom(true)}
      >
        <Img
          src={storageUrl(current)}
          alt={alt}
          placeholder={placeholder}
          className={styles.mainImg}
          data-testid="product-main-image"
        />
        <Maximize2 className={styles.zoomHint} aria-hidden="true" />
      </TileButton>
      {images.length > 1 && (
        <ul className={styles.thumbs} aria-label="Pictures">
          {images.map((path, i) => (
            <li key={path}>
              <TileButton
                aria-label={`Show picture ${i + 1}`}
                aria-pressed={i === index}
                className={cx(styles.thumbButton, i === index && styles.thumbActive)}
                onClick={() => setIndex(i)}
              >
                <Img
                  src={storageUrl(thumbOf(path))}
                  alt=""
                  placeholder={placeholder}
                  loading="lazy"
                  className={styles.thumbImg}
                />
              </TileButton>
            </li>
          ))}
        </ul>
      )}
      <ZoomViewer
        src={zoom ? storageUrl(current) : null}
        alt={alt}
        description={p.sku || undefined}
        onClose={() => setZoom(false)}
      />
    </div>
  );
}
