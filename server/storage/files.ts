// Stored files live under one root and are named by us, never by the uploader.
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import sharp from 'sharp';
import type { Db } from '../db/index.ts';
import { DECODED } from './sniff.ts';

const THUMB_WIDTH = 400;

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

  /** A new stored path folder/<uuid>.<ext>; only safe folder names survive. */
  newPath(folder: string, ext: string): string {
    const safeFolder = folder.split('/').filter((s) => /^[A-Za-z0-9_-]+$/.test(s)).join('/');
    return `${safeFolder}/${randomUUID()}.${ext}`;
  }

  /** Saves bytes under folder/<uuid>.<ext>, with a thumbnail for images; returns the stored path. */
  async save(folder: string, ext: string, bytes: Buffer): Promise<string> {
    const path = this.newPath(folder, ext);
    await this.put(path, bytes);
    return path;
  }

  /** Writes a file, and its thumbnail when it is an image. */
  async put(path: string, bytes: Buffer): Promise<void> {
    await this.write(path, bytes);
    if (DECODED.has(path.slice(path.lastIndexOf('.') + 1))) await this.writeThumb(path, bytes);
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

/** Files written as part of a database transaction: removed again when it does not commit. */
export class PendingFiles {
  private readonly written: string[] = [];
  constructor(private readonly storage: Storage) {}

  /** Like Storage.save; the path is noted before the first byte is written. */
  async save(folder: string, ext: string, bytes: Buffer): Promise<string> {
    const path = this.storage.newPath(folder, ext);
    await this.put(path, bytes);
    return path;
  }

  async put(path: string, bytes: Buffer): Promise<void> {
    this.written.push(path);
    await this.storage.put(path, bytes);
  }

  /** The bytes alone, no thumbnail (files that are never served). */
  async write(path: string, bytes: Buffer): Promise<void> {
    this.written.push(path);
    await this.storage.write(path, bytes);
  }

  async discard(): Promise<void> {
    await Promise.all(this.written.map((p) => this.storage.remove(p).catch(() => undefined)));
  }
}

/**
 * Runs fn in one transaction with the files it writes: a refusal or a failure, in the database
 * or on disk, leaves neither rows nor files behind, so the same request can simply be retried.
 */
export async function txWithFiles<T>(s: { db: Db; storage: Storage }, fn: (t: Db, files: PendingFiles) => Promise<T>): Promise<T> {
  const files = new PendingFiles(s.storage);
  try {
    return await s.db.tx((t) => fn(t, files));
  } catch (err) {
    await files.discard();
    throw err;
  }
}
