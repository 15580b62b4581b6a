// What a file is, from its bytes: file-type's signatures, else readable text. The server and the
// portal run this same sniffer (the portal loads it only when files are picked: file-type is large).
import { fileTypeFromBuffer } from 'file-type';

function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 64 * 1024);
  if (sample.includes(0)) return false;
  return !new TextDecoder('utf-8', { fatal: false }).decode(sample).includes('\uFFFD');
}

export async function sniff(bytes: Uint8Array): Promise<{ ext: string; mime: string } | undefined> {
  // A detector that trips over hostile bytes has still not recognised them.
  const t = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (t) return { ext: t.ext, mime: t.mime };
  return looksLikeText(bytes) ? { ext: 'text', mime: 'text/plain' } : undefined;
}
