// The S3-compatible store (AWS S3, MinIO, R2, s3rver in tests) through @aws-sdk/client-s3.
// Streams (zips) go up as a multipart upload (@aws-sdk/lib-storage), which appears only once
// complete; the /storage route streams objects back through the server (serve-s3.ts).
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { checkedPath, type ObjectStore } from './store.ts';

export interface S3Options {
  bucket: string;
  /** Key prefix inside the bucket, without slashes at either end ('' for none). */
  prefix: string;
  /** For S3-compatible servers (MinIO, R2, s3rver): path-style requests to this address. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's default chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** s3://bucket[/prefix] -> bucket and prefix. */
export function parseS3Url(url: string): { bucket: string; prefix: string } {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/.*)?$/.exec(url.trim());
  if (!m) throw new Error(`STORAGE_URL must look like s3://bucket[/prefix], not ${url}`);
  return { bucket: m[1]!, prefix: (m[2] ?? '').replace(/^\/+|\/+$/g, '') };
}

const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isMissing = (err: unknown) => statusOf(err) === 404 || ['NoSuchKey', 'NotFound'].includes((err as Error).name);

export class S3Store implements ObjectStore {
  readonly kind = 's3';
  readonly client: S3Client;
  readonly bucket: string;
  private readonly prefix: string;

  constructor(o: S3Options) {
    this.bucket = o.bucket;
    this.prefix = o.prefix ? `${o.prefix}/` : '';
    this.client = new S3Client({
      region: o.region,
      endpoint: o.endpoint,
      forcePathStyle: !!o.endpoint,
      credentials: o.credentials,
      // The SDK's own retries (3 attempts, backoff) cover a store's brief 5xx and throttling.
      maxAttempts: 3,
    });
  }

  get where() {
    return `s3://${this.bucket}/${this.prefix}`;
  }

  key(path: string): string {
    return this.prefix + checkedPath(path);
  }

  async write(path: string, body: Buffer | Readable, contentType?: string): Promise<void> {
    const params = { Bucket: this.bucket, Key: this.key(path), Body: body, ContentType: contentType };
    if (Buffer.isBuffer(body)) {
      await this.client.send(new PutObjectCommand(params));
      return;
    }
    // Parts of 5 MB, two at a time: memory stays bounded whatever the zip's size.
    await new Upload({ client: this.client, params, queueSize: 2, partSize: 5 * 1024 * 1024 }).done();
  }

  async read(path: string): Promise<Buffer> {
    const r = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(path) }));
    return Buffer.from(await r.Body!.transformToByteArray());
  }

  async readStream(path: string): Promise<Readable> {
    const r = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(path) }));
    return r.Body as Readable;
  }

  async exists(path: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(path) }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async remove(path: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(path) }));
  }

  async removeFolder(folder: string): Promise<void> {
    for await (const page of this.list(`${this.key(folder)}/`)) {
      const keys = page.map((o) => ({ Key: o.key }));
      if (keys.length)
        await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
    }
  }

  async folders(folder: string): Promise<{ name: string; modified: number }[]> {
    const base = `${this.key(folder)}/`;
    const newest = new Map<string, number>();
    for await (const page of this.list(base)) {
      for (const o of page) {
        const name = o.key.slice(base.length).split('/')[0]!;
        if (o.key.slice(base.length).includes('/')) newest.set(name, Math.max(newest.get(name) ?? 0, o.modified));
      }
    }
    return [...newest].map(([name, modified]) => ({ name, modified }));
  }

  private async *list(prefix: string): AsyncGenerator<{ key: string; modified: number }[]> {
    let token: string | undefined;
    do {
      const r = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      yield (r.Contents ?? []).map((o) => ({ key: o.Key!, modified: o.LastModified?.getTime() ?? 0 }));
      token = r.IsTruncated ? r.NextContinuationToken : undefined;
    } while (token);
  }

  /** For the /storage route: the object or a byte range of it, answered by the store itself. */
  async get(
    path: string,
    o: { range?: string; ifNoneMatch?: string },
  ): Promise<GetObjectCommandOutput | { status: 304 | 404 | 416 }> {
    try {
      return await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.key(path), Range: o.range, IfNoneMatch: o.ifNoneMatch }),
      );
    } catch (err) {
      const status = statusOf(err);
      if (status === 304 || status === 416) return { status };
      if (isMissing(err)) return { status: 404 };
      throw err;
    }
  }

  close() {
    this.client.destroy();
  }
}
