// Where stored files' bytes live: the local disk (the default) or an S3-compatible bucket
// (STORAGE_URL=s3://bucket[/prefix]). Storage (files.ts) names files and makes thumbnails; a store
// only keeps bytes under the paths it is given.
import type { Readable } from 'node:stream';

export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** A readable description for logs and the start-up line (no secrets). */
  readonly where: string;
  /** Writes the whole object; a stream becomes visible only once complete. */
  write(path: string, body: Buffer | Readable, contentType?: string): Promise<void>;
  read(path: string): Promise<Buffer>;
  readStream(path: string): Promise<Readable>;
  exists(path: string): Promise<boolean>;
  /** Removes one object; a missing one is not an error. */
  remove(path: string): Promise<void>;
  /** Removes every object under folder/. */
  removeFolder(folder: string): Promise<void>;
  /** The direct sub-folders of folder/ with the newest change inside each (ms since epoch). */
  folders(folder: string): Promise<{ name: string; modified: number }[]>;
  close?(): void;
}

/** A stored path as given by our code: relative, no empty, "." or ".." segment. */
export function checkedPath(path: string): string {
  const parts = path.split('/');
  if (!path || path.startsWith('/') || parts.some((p) => !p || p === '.' || p === '..' || p.includes('\\'))) {
    throw new Error(`Path outside storage: ${path}`);
  }
  return path;
}
