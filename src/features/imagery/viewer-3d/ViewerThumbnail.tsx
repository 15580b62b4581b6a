// The viewer's lazy-load thumbnail (document 3 §2, §5: one file, jpg or png): the current one, or the
// one waiting in the outbox; editors replace it. The upload is queued, so it survives going offline.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useUserAction } from '../../../app/user-action.ts';
import { useWriteFeedback } from '../../../app/write-feedback.ts';
import { queueViewerImage, usePendingViewerImage } from '../../../data/index.ts';
import { Card } from '../../../ui/Card.tsx';
import { FileDrop } from '../../../ui/FileDrop.tsx';
import { acceptOf } from '../../../api/contract/rules/files.ts';
import { uploadCheck } from '../../../api/upload-check.ts';
import { Img } from '../../../ui/Img.tsx';
import styles from './viewer.module.css';

const checkImage = uploadCheck('image');

interface Props {
  productId: number;
  customerId: number;
  label: string;
  current: string | null;
  canEdit: boolean;
  onUploaded: () => void;
}

export function ViewerThumbnail({ productId, customerId, label, current, canEdit, onUploaded }: Props) {
  const pending = usePendingViewerImage(productId);
  const [error, setError] = useState<string | null>(null);
  const feedback = useWriteFeedback();
  const preview = useMemo(() => (pending ? URL.createObjectURL(pending.blob) : null), [pending]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  // Once the queued upload has left the outbox, the server has the new thumbnail: read it again.
  const waited = useRef(false);
  useEffect(() => {
    if (pending) waited.current = true;
    else if (waited.current) {
      waited.current = false;
      onUploaded();
    }
  }, [pending, onUploaded]);

  // The picker has checked the file by the contract's upload rules and named a refused one.
  // The same picture dropped twice is one upload; another picture is a new one.
  const action = useUserAction();
  const pick = (files: File[]) => {
    const file = files[0];
    setError(null);
    if (!file) return;
    void action.run(
      async (a) => {
        const since = Date.now();
        await queueViewerImage(productId, customerId, file, label, a.id);
        feedback(since);
      },
      { input: file },
    );
  };

  return (
    <Card title="Thumbnail" description="Shown before the model loads, and behind the play button." headingLevel={3}>
      <Img
        className={styles.thumb}
        src={preview ?? current}
        alt={`Thumbnail of the 3D viewer of ${label}`}
        placeholder={{ name: label, caption: 'No thumbnail yet' }}
      />
      {canEdit && (
        <FileDrop
          label="Replace the thumbnail"
          accept={acceptOf('image')}
          acceptLabel="One JPG or PNG"
          files={[]}
          check={checkImage}
          onPick={pick}
          disabled={action.running}
          error={error ?? (pending?.state === 'parked' ? `Error: ${pending.error ?? 'the upload was refused.'}` : null)}
        />
      )}
    </Card>
  );
}
