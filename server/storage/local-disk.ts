// The local-disk store: every object a file under one root (one machine, or a shared volume).
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore } from './store.ts';

const missing = (err: unknown) => (err as { code?: string }).code === 'ENOENT' || (err as { code?: string }).code === 'ENOTDIR';

export class LocalDisk implements ObjectStore {
  readonly kind = 'local';
  constructor(readonly root: string) {}

  get where() {
    return this.root;
  }

  /** Resolves a stored path, refusing anything that would leave the root. */
  resolve(path: string): string {
    const full = resolve(this.root, path);
    const rel = relative(this.root, full);
    if (!rel || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) throw new Error(`Path outside storage: ${path}`);
    return full;
  }

  async write(path: string, body: Buffer | Readable): Promise<void> {
    const full = this.resolve(path);
    await mkdir(dirname(full), { recursive: true });
    // Written aside and renamed, so nobody reads half a file, and a file replaced is a new file
    // (whoever still has the old one open, or links to it, keeps the old bytes).
    if (Buffer.isBuffer(body)) await writeFile(`${full}.part`, body);
    else await pipeline(body, createWriteStream(`${full}.part`));
    await rename(`${full}.part`, full);
  }

  read(path: string): Promise<Buffer> {
    return readFile(this.resolve(path));
  }

  async readStream(path: string): Promise<Readable> {
    const full = this.resolve(path);
    await stat(full); // a missing file fails here, not later in the stream
    return createReadStream(full);
  }

  async exists(path: string): Promise<boolean> {
    return stat(this.resolve(path)).then(
      (s) => s.isFile(),
      () => false,
    );
  }

  async remove(path: string): Promise<void> {
    await rm(this.resolve(path), { force: true });
  }

  async removeFolder(folder: string): Promise<void> {
    await rm(this.resolve(folder), { recursive: true, force: true });
  }

  async folders(folder: string): Promise<{ name: string; modified: number }[]> {
    const root = this.resolve(folder);
    const names = await readdir(root).catch((err: unknown) => (missing(err) ? [] : Promise.reject(err)));
    const out: { name: string; modified: number }[] = [];
    for (const name of names) {
      const s = await stat(join(root, name)).catch(() => undefined);
      if (s?.isDirectory()) out.push({ name, modified: s.mtimeMs });
    }
    return out;
  }
}
