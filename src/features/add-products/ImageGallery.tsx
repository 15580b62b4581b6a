// A product's main image gallery (document 2 §2.6): the chosen images in a row with left and right
// arrows (100 px a click), each removable, and a drop zone to add more (jpg, jpeg, png, webp), each
// picked file checked by the contract's upload rules before it joins the form.
import { X } from 'lucide-react';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { HScroller } from '../../ui/HScroller.tsx';
import { IconButton } from '../../ui/IconButton.tsx';
import { Img } from '../../ui/Img.tsx';
import { useObjectUrls } from '../batch/object-url.ts';
import { uploadCheck } from '../../api/upload-check.ts';
import { acceptOf } from '../../api/contract/rules/files.ts';
import styles from './add-products.module.css';

const checkImages = uploadCheck('productImage');

interface Props {
  images: readonly { id: number; file: File | undefined }[];
  onAdd: (accepted: File[], refused: File[]) => void;
  onRemove: (id: number) => void;
  error?: string;
}

export function ImageGallery({ images, onAdd, onRemove, error }: Props) {
  const urls = useObjectUrls(images.map((i) => i.file));
  return (
    <div className={styles.gallery}>
      {images.length > 0 && (
        <HScroller label="Product images" step={100} showArrows={images.length > 3}>
          {images.map((img, i) => (
            <figure key={img.id} className={styles.galleryItem}>
              <Img
                src={urls[i]}
                alt={img.file?.name ?? 'Image'}
                placeholder={{ name: img.file?.name ?? 'Image' }}
                className={styles.galleryImg}
              />
              <IconButton
                label={`Remove image ${img.file?.name ?? i + 1}`}
                icon={<X />}
                size="sm"
                variant="secondary"
                className={styles.galleryRemove}
                onClick={() => onRemove(img.id)}
              />
              {i === 0 && <figcaption className={styles.galleryMain}>Main image</figcaption>}
            </figure>
          ))}
        </HScroller>
      )}
      <FileDrop
        label="Add images"
        accept={acceptOf('productImage')}
        acceptLabel="JPG, JPEG, PNG or WebP"
        multiple
        check={checkImages}
        files={[]}
        onPick={onAdd}
        error={error}
      />
    </div>
  );
}
