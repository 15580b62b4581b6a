// The Video section (document 3 §2): the studio's videos, the first selected and playing in the
// browser's own player, the customer's uploaded videos, an Upload tile with editor-video-access, and
// the tailor request (page 'Video').
import { useState } from 'react';
import { Clapperboard, Download, Film } from 'lucide-react';
import { storageUrl } from '../../api/storage-paths.ts';
import { useImageryLoad, useSectionFiles, useSyncStatus, type SectionFileRow, type Who } from '../../data/index.ts';
import { Badge } from '../../ui/Badge.tsx';
import { buttonClass } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PickTile } from '../../ui/PickTile.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { MediaList } from './MediaLists.tsx';
import { TailorRequest } from './TailorRequest.tsx';
import media from './media.module.css';
import styles from './imagery.module.css';

interface Props {
  who: Who;
  canEdit: boolean;
  canTailor: boolean;
}

export function VideoSection({ who, canEdit, canTailor }: Props) {
  const { online } = useSyncStatus();
  useImageryLoad(who.customerId, who.productId, 'video', online);
  const studio = useSectionFiles(who.productId, 'studio-videos');
  const mine = useSectionFiles(who.productId, 'videos');
  const [chosen, setChosen] = useState<{ list: string; id: number }>();
  const all = [...(studio ?? []), ...(mine ?? [])];
  const current =
    all.find((f) => f.list === chosen?.list && f.id === chosen.id && f.paths[0]) ?? studio?.[0] ?? mine?.find((f) => f.paths[0]);
  const tile = (f: SectionFileRow) => (
    <PickTile
      aria-label={`Play ${f.name}`}
      width="100%"
      aspect={16 / 9}
      selected={current === f}
      disabled={!f.paths[0]}
      onClick={() => setChosen({ list: f.list, id: f.id })}
      caption={f.name}
      badge={
        f.pendingBlobs?.length ? (
          <Badge size="sm" tone="warning">
            Queued
          </Badge>
        ) : undefined
      }
      picture={
        f.paths[0] ? (
          <video
            className={media.tileVideo}
            src={`${storageUrl(f.paths[0])}#t=0.5`}
            preload="metadata"
            muted
            aria-hidden="true"
            tabIndex={-1}
          />
        ) : (
          <Film aria-hidden="true" />
        )
      }
    />
  );
  return (
    <section className={styles.section} aria-labelledby="section-heading">
      <div className={styles.sectionHead}>
        <h2 id="section-heading">Video</h2>
      </div>
      <div className={media.mediaGrid}>
        <div className={media.sideColumn}>
          {!studio || !mine ? (
            <Skeleton height={420} />
          ) : current ? (
            <>
              <video
                key={current.paths[0]}
                className={media.player}
                src={storageUrl(current.paths[0]!)}
                controls
                autoPlay
                muted
                playsInline
                aria-label={current.name}
                data-testid="video-player"
              />
              <div className={styles.previewBar}>
                <span className={styles.previewCaption}>{current.name}</span>
                <a className={buttonClass({ size: 'sm' })} href={storageUrl(current.paths[0]!)} download={current.name}>
                  <Download aria-hidden="true" /> Download
                </a>
              </div>
            </>
          ) : (
            <EmptyState
              icon={<Clapperboard />}
              title="No video of this product yet."
              description={canTailor ? 'Ask the studio for one with the request on the right.' : undefined}
            />
          )}
        </div>
        <div className={media.sideColumn}>
          {canTailor && <TailorRequest page="Video" productId={who.productId} customerId={who.customerId} />}
          <MediaList
            title="Automation videos"
            files={studio}
            className={media.tileList}
            item={tile}
            empty={{ icon: <Film />, title: 'The studio has made no video yet.' }}
          />
          <MediaList
            title="Uploaded videos"
            files={mine}
            className={media.tileList}
            item={tile}
            empty={{ icon: <Film />, title: 'No videos uploaded yet.' }}
            upload={
              canEdit
                ? {
                    who,
                    title: 'Upload videos',
                    kind: { list: 'videos', file: 'video', acceptLabel: 'MP4, MOV or WebM', noun: 'videos' },
                  }
                : undefined
            }
          />
        </div>
      </div>
    </section>
  );
}
