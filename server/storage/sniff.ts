// What an upload really is, from its bytes: the contract's verdict (src/api/contract/rules/files.ts)
// with the shared sniffer and sharp as the decoder. The portal runs the same verdict before queuing.
import sharp from 'sharp';
import { judgeUpload, MAX_IMAGE_PIXELS, type FileKind, type UploadTools } from '../../src/api/contract/rules/files.ts';
import { sniff } from '../../src/api/contract/rules/sniff.ts';

/** The content type of each accepted extension (the OpenAPI document lists them). */
export const MIME_OF: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  dwg: 'image/vnd.dwg',
  txt: 'text/plain',
  csv: 'text/csv',
  gif: 'image/gif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  avif: 'image/avif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  fbx: 'application/octet-stream',
  obj: 'model/obj',
  blend: 'application/x-blender',
  glb: 'model/gltf-binary',
  usdz: 'model/vnd.usdz+zip',
};

const tools: UploadTools = {
  sniff,
  // libvips reads the size from the header alone (TIFF and AVIF; the contract reads the others).
  size: async (bytes) => {
    const m = await sharp(bytes)
      .metadata()
      .catch(() => undefined);
    return m?.width && m.height ? { width: m.width, height: m.height } : undefined;
  },
  // Decodes the whole image (a thumbnail's worth), so corrupt or truncated pixel data shows now.
  decodes: async (bytes) => {
    try {
      await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).resize(16, 16, { fit: 'inside' }).toBuffer();
      return true;
    } catch {
      return false;
    }
  },
};

/** Returns the extension to store under, or a message saying why the file is refused (the multipart parser enforces the byte limit). */
export const checkUpload = (kind: FileKind, filename: string, buf: Buffer) => judgeUpload(kind, filename, buf, tools, Infinity);
