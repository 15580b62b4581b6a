// The store the configuration names: STORAGE_URL=s3://bucket[/prefix] or the local disk; either
// draws the demo's layers on first read (server/db/demo-files.ts).
import type { Config } from '../config.ts';
import { demoFileMaker } from '../db/demo-files.ts';
import { Storage } from './files.ts';
import { parseS3Url, S3Store } from './s3.ts';

export function openStorage(config: Pick<Config, 'storageDir' | 'storageUrl' | 's3' | 'demoCacheDir' | 'demoLayerPx'>): Storage {
  const maker = demoFileMaker(config.demoLayerPx, config.demoCacheDir);
  if (!config.storageUrl) return new Storage(config.storageDir, maker);
  const { accessKeyId, secretAccessKey, endpoint, region } = config.s3;
  return new Storage(
    new S3Store({
      ...parseS3Url(config.storageUrl),
      endpoint,
      region,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    }),
    maker,
  );
}
