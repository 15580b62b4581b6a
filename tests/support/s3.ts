// A real S3-compatible server for tests: s3rver (npm, pure JavaScript, files in a temp folder),
// started in the test's process; servers under test reach it over HTTP like any S3 endpoint.
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { Config } from '../../server/config.ts';
import { TMP } from './seed-snapshot.ts';

// The SDK's notice that releases after January 2027 need Node 22; we pin a release that runs on 20.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export interface S3Fixture {
  endpoint: string;
  bucket: string;
  /** Config for a server in this process, under its own prefix. */
  config(prefix: string): Pick<Config, 'storageUrl' | 's3'>;
  /** The same as environment variables, for a server in a child process. */
  env(prefix: string): Record<string, string>;
  close(): Promise<void>;
}

const KEY = 'S3RVER'; // s3rver's fixed credentials

export async function startS3(bucket = 'facet-test'): Promise<S3Fixture> {
  const dir = mkdtempSync(join(TMP, 's3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    config: (prefix) => ({
      storageUrl: `s3://${bucket}/${prefix}`,
      s3: { endpoint, region: 'us-east-1', accessKeyId: KEY, secretAccessKey: KEY },
    }),
    env: (prefix) => ({
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: KEY,
      AWS_SECRET_ACCESS_KEY: KEY,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    }),
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
