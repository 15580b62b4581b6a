// The picture of an upload still queued on this device: its Blob shown from IndexedDB when it is a
// jpg, jpeg or png (§5), else the file's kind.
import { useEffect, useState } from 'react';
import { FileImage } from 'lucide-react';
import { useQueuedBlob } from '../../data/index.ts';
import { Img } from '../../ui/Img.tsx';
import { previewable } from './preset-rules.ts';

export function QueuedPicture({ blobId, name }: { blobId: number | undefined; name: string }) {
  const row = useQueuedBlob(blobId);
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!row || !previewable({ name: row.name })) return;
    const u = URL.createObjectURL(row.blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [row]);
  if (row && !previewable({ name: row.name })) return <FileImage aria-hidden="true" />;
  return <Img src={url} alt="" placeholder={{ name }} />;
}
