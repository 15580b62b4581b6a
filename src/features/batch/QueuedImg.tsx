// The picture of a row that waits in the outbox: its queued image Blob, shown until the server has it.
import { useQueuedBlob } from '../../data/index.ts';
import { Img, type ImgProps } from '../../ui/Img.tsx';
import { useObjectUrls } from './object-url.ts';

export function QueuedImg({ blobId, ...img }: Omit<ImgProps, 'src'> & { blobId: number }) {
  const blob = useQueuedBlob(blobId);
  const [url] = useObjectUrls([blob?.blob]);
  return <Img src={url} {...img} />;
}
