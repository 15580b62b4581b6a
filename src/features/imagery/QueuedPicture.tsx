// The picture of an upload still queued on this device: its Blob shown from IndexedDB when it is a
// jpg, jpeg or png (§5), else the file's kind.
import { FileImage } from 'lucide-react';
import { useQueuedBlob } from '../../data/index.ts';
import { Img } from '../../ui/Img.tsx';
import { useObjectUrls } from '../batch/object-url.ts';
import { previewable } from './preset-rules.ts';

export function QueuedPicture({ blobId, name }: { blobId: number | undefined; name: string }) {
  const row = useQueuedBlob(blobId);
  const shows = !!row && previewable({ name: row.name });
  const [url] = useObjectUrls([shows ? row.blob : undefined]);
  if (row && !shows) return <FileImage aria-hidden="true" />;
  return <Img src={url} alt="" placeholder={{ name }} />;
}
