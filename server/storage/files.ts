// Stored files are named by us, never by the uploader, and kept in one store: the local disk by
// default, an S3-compatible bucket with STORAGE_URL=s3://… (open.ts picks it).
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Db } from '../db/index.ts';
import { LocalDisk } from './local-disk.ts';
import { DECODED } from '../../src/api/contract/rules/files.ts';
import { MIME_OF } from './sniff.ts';
import type { ObjectStore } from './store.ts';

const THUMB_WIDTH = 400;

/** "a/b/name.png" -> "a/b/name_thumb.png", the specs' thumbnail naming. */
export const thumbOf = (path: string) => path.replace(/(\.[A-Za-z0-9]+)$/, '_thumb$1');
const extOf = (path: string) => path.slice(path.lastIndexOf('.') + 1);
const CONTENT_TYPE: Record<string, string> = { ...MIME_OF, zip: 'application/zip' };

/**
 * Makes the bytes of a file that is drawn on first use (the demo's layers, server/db/demo-layers.ts),
 * or answers undefined for a path it does not know.
 */
export type FileMaker = (path: string) => (() => Promise<Buffer>) | undefined;

export class Storage {
  readonly store: ObjectStore;
  private readonly making = new Map<string, Promise<Buffer>>();
  /** A folder for the local store, a path on disk; new Storage(root) is the local disk. */
  constructor(
    store: ObjectStore | string,
    private readonly maker?: FileMaker,
  ) {
    this.store = typeof store === 'string' ? new LocalDisk(store) : store;
  }

  /** A missing file the maker knows, drawn once (concurrent readers share the drawing) and stored. */
  private made(path: string): Promise<Buffer> | undefined {
    const make = this.maker?.(path);
    if (!make) return undefined;
    if (!this.making.has(path)) {
      const job = make()
        .then(async (bytes) => {
          await this.write(path, bytes);
          return bytes;
        })
        .finally(() => this.making.delete(path));
      this.making.set(path, job);
    }
    return this.making.get(path)!;
  }

  /** Stores a file that is drawn on first use, if it is one and missing (before the static server reads the disk). */
  async ensure(path: string): Promise<void> {
    if (this.maker?.(path) && !(await this.store.exists(path))) await this.made(path);
  }

  /** The local store's root folder (undefined on S3). */
  get root(): string | undefined {
    return this.store instanceof LocalDisk ? this.store.root : undefined;
  }

  /** A file on disk for a stored path: local store only (elsewhere use read or readStream). */
  resolve(path: string): string {
    if (!(this.store instanceof LocalDisk))
      throw new Error(`Stored files are in ${this.store.where}: read them with storage.read()`);
    return this.store.resolve(path);
  }

  /** A new stored path folder/<uuid>.<ext>; only safe folder names survive. */
  newPath(folder: string, ext: string): string {
    const safeFolder = folder
      .split('/')
      .filter((s) => /^[A-Za-z0-9_-]+$/.test(s))
      .join('/');
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
    if (DECODED.has(extOf(path))) await this.writeThumb(path, bytes);
  }

  /** The bytes alone; a stream (a zip) goes to the store as it is made and appears once complete. */
  async write(path: string, body: Buffer | Readable): Promise<void> {
    await this.store.write(path, body, CONTENT_TYPE[extOf(path)] ?? 'application/octet-stream');
  }

  async writeThumb(path: string, bytes: Buffer): Promise<void> {
    const img = sharp(bytes).resize({ width: THUMB_WIDTH, withoutEnlargement: true });
    const ext = extOf(path);
    const out =
      ext === 'jpg'
        ? img.jpeg({ quality: 82 })
        : ext === 'webp'
          ? img.webp()
          : ext === 'png'
            ? img.png()
            : img.toFormat(ext === 'tif' ? 'tiff' : (ext as 'gif' | 'avif'));
    await this.write(thumbOf(path), await out.toBuffer());
  }

  async read(path: string): Promise<Buffer> {
    try {
      return await this.store.read(path);
    } catch (err) {
      const made = this.made(path);
      if (made) return made;
      throw err;
    }
  }

  async readStream(path: string): Promise<Readable> {
    await this.ensure(path);
    return this.store.readStream(path);
  }

  async exists(path: string): Promise<boolean> {
    return (await this.store.exists(path)) || !!this.maker?.(path);
  }

  async remove(path: string): Promise<void> {
    await this.store.remove(path);
    await this.store.remove(thumbOf(path));
  }

  /** Writes and removes a small object under private/ (readiness: the store takes writes). */
  async probe(): Promise<void> {
    const path = `private/probe/${randomUUID()}.txt`;
    await this.store.write(path, Buffer.from('probe'), 'text/plain');
    await this.store.remove(path);
  }

  url(path: string): string {
    return `/storage/${path.split('/').map(encodeURIComponent).join('/')}`;
  }
}

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
export async function txWithFiles<T>(
  s: { db: Db; storage: Storage },
  fn: (t: Db, files: PendingFiles) => Promise<T>,
): Promise<T> {
  const files = new PendingFiles(s.storage);
  try {
    return await s.db.tx((t) => fn(t, files));
  } catch (err) {
    await files.discard();
    throw err;
  }
}
