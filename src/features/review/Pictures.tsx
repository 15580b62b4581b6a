// A card of pictures to compare with the model (the studio's renders of a version, the customer's own
// photos of the product): thumbnails that open the zoom viewer.
import { useState, type ReactNode } from 'react';
import { storageUrl, thumbOf } from '../../api/storage-paths.ts';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Img } from '../../ui/Img.tsx';
import { TileButton } from '../../ui/TileButton.tsx';
import { ZoomViewer } from '../../ui/ZoomViewer.tsx';
import { plural } from '../../ui/format.ts';
import styles from './review.module.css';

interface Props {
  title: string;
  /** What one picture is ("render", "reference photo"): counts and the zoom's names. */
  one: string;
  paths: readonly string[];
  /** The product's name: the placeholder's initials and the zoom's title. */
  name: string;
  empty: { icon: ReactNode; title: string };
  testId: string;
}

export function Pictures({ title, one, paths, name, empty, testId }: Props) {
  const [open, setOpen] = useState<number | null>(null);
  const label = (i: number) => `${one[0]!.toUpperCase()}${one.slice(1)} ${i + 1} of ${paths.length}`;
  return (
    <Card title={title} description={plural(paths.length, one)} headingLevel={3} data-testid={testId}>
      {paths.length ? (
        <ul className={styles.thumbs}>
          {paths.map((p, i) => (
            <li key={`${i}:${p}`}>
              <TileButton aria-label={`Zoom ${label(i).toLowerCase()}`} onClick={() => setOpen(i)}>
                <Img src={storageUrl(thumbOf(p))} alt="" placeholder={{ name }} className={styles.thumb} />
              </TileButton>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState compact icon={empty.icon} title={empty.title} />
      )}
      <ZoomViewer
        src={open === null ? null : storageUrl(paths[open]!)}
        alt={open === null ? '' : `${label(open)}: ${name}`}
        onClose={() => setOpen(null)}
      />
    </Card>
  );
}
