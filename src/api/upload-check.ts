// The portal's half of the contract's upload rules (src/api/contract/rules/files.ts): a picked file is
// judged here, by the server's own verdict and words, before anything is queued. Type by content (the
// shared sniffer, loaded only now: file-type is large), a decodable image (createImageBitmap), the
// pixel and byte limits. A form hands uploadCheck(kind) to its FileDrop.
import { EXTENSIONS, extensionOf, judgeUpload, UPLOAD_LIMIT_BYTES, uploadWords, type FileKind } from './contract/rules/files.ts';

export interface Refusal {
  file: File;
  reason: string;
}
export interface CheckedFiles {
  ok: File[];
  refused: Refusal[];
}
export type FileCheck = (files: readonly File[]) => Promise<CheckedFiles>;

/** Whether the image decodes; undefined when this side cannot tell. Injected by tests. */
export type Decoder = (bytes: Uint8Array, ext: string) => Promise<boolean | undefined>;

// TIFF: browsers do not decode it, so the server alone judges its pixels.
const BROWSER_DECODES = new Set(['png', 'jpg', 'webp', 'gif', 'avif']);

export const browserDecoder: Decoder = async (bytes, ext) => {
  if (!BROWSER_DECODES.has(ext) || typeof createImageBitmap !== 'function') return undefined;
  try {
    const bitmap = await createImageBitmap(new Blob([bytes as Uint8Array<ArrayBuffer>]), {
      resizeWidth: 16,
      resizeHeight: 16,
      resizeQuality: 'low',
    });
    bitmap.close();
    return true;
  } catch {
    return false;
  }
};

/** Why the server would refuse this file for a field of this kind, or undefined when it would take it. */
export async function uploadRefusal(file: File, kind: FileKind, decode: Decoder = browserDecoder): Promise<string | undefined> {
  // Before reading it: a file over the limit is not loaded into memory.
  if (file.size > UPLOAD_LIMIT_BYTES) return uploadWords.tooManyBytes(UPLOAD_LIMIT_BYTES);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const { sniff } = await import('./contract/rules/sniff.ts');
  const verdict = await judgeUpload(kind, file.name, bytes, { sniff, decodes: decode });
  return 'error' in verdict ? verdict.error : undefined;
}

/**
 * The check of a FileDrop: files whose extension is not one `only` lists (a form may take fewer types
 * than the call, as Info's files leave images to the image sections) are refused in the server's
 * words for a wrong type; the rest are judged by the contract's verdict.
 */
export function uploadCheck(kind: FileKind, o: { only?: readonly string[]; decode?: Decoder } = {}): FileCheck {
  const only = o.only ?? (kind === 'any' ? undefined : EXTENSIONS[kind]);
  return async (files) => {
    const out: CheckedFiles = { ok: [], refused: [] };
    for (const file of files) {
      const reason =
        only && !only.includes(extensionOf(file.name)) ? uploadWords.wrongType(only) : await uploadRefusal(file, kind, o.decode);
      if (reason) out.refused.push({ file, reason });
      else out.ok.push(file);
    }
    return out;
  };
}

/** How a refused file is named to the user: 'big.png: The image is too large: …'. */
export const refusalText = (r: Refusal) => `${r.file.name}: ${r.reason}`;
