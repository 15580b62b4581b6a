// Stored files live under one root and are named by us, never by the uploader.
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import sharp from 'sharp';

const THUMB_WIDTH = 400;
/** Every image type we accept gets a thumbnail in its own format. */
export const THUMBNAILED = new Set(['png', 'jpg', 'webp', 'gif', 'tif', 'avif']);

/** "a/b/name.png" -> "a/b/name_thumb.png", the specs' thumbnail naming. */
export const thumbOf = (path: string) => path.replace(/(\.[A-Za-z0-9]+)$/, '_thumb$1');

export class Storage {
  constructor(readonly root: string) {}

  /** Resolves a stored path, refusing anything that would leave the root. */
  resolve(path: string): string {
    const full = resolve(this.root, path);
    const rel = relative(this.root, full);
    if (!rel || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
      throw new Error(`Path outside storage: ${path}`);
    }
    return full;
  }

  /** Saves bytes under folder/<uuid>.<ext>, with a thumbnail for images; returns the stored path. */
  async save(folder: string, ext: string, bytes: Buffer): Promise<string> {
    const safeFolder = folder.split('/').filter((s) => /^[A-Za-z0-9_-]+$/.test(s)).join('/');
    const path = `${safeFolder}/${randomUUID()}.${ext}`;
    await this.write(path, bytes);
    if (THUMBNAILED.has(ext)) await this.writeThumb(path, bytes);
    return path;
  }

  async write(path: string, bytes: Buffer): Promise<void> {
    const full = this.resolve(path);
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, bytes);
  }

  async writeThumb(path: string, bytes: Buffer): Promise<void> {
    const img = sharp(bytes).resize({ width: THUMB_WIDTH, withoutEnlargement: true });
    const ext = path.slice(path.lastIndexOf('.') + 1);
    const out = ext === 'jpg' ? img.jpeg({ quality: 82 }) : ext === 'webp' ? img.webp() : ext === 'png' ? img.png()
      : img.toFormat(ext === 'tif' ? 'tiff' : (ext as 'gif' | 'avif'));
    await this.write(thumbOf(path), await out.toBuffer());
  }

  async remove(path: string): Promise<void> {
    await rm(this.resolve(path), { force: true });
    await rm(this.resolve(thumbOf(path)), { force: true });
  }

  url(path: string): string {
    return `/storage/${path.split('/').map(encodeURIComponent).join('/')}`;
  }
}

export const privateFolder = (...parts: (string | number)[]) => join('private', ...parts.map(String));
