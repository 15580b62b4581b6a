// A Vite plugin that writes .br (brotli 11) and .gz (gzip 9) copies of the built text files, after
// everything else (the service worker included) is written. The server sends them as they are
// (@fastify/static preCompressed), so the strongest settings cost nothing per request. Node's zlib
// does the work: no dependency, and the output is the same on every machine.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Brotli's quality: 11 for what ships. The test suite's build asks for less (FACET_BROTLI_QUALITY, set
 * in tests/support/portal-build.ts): quality 11 took 5.7 CPU-s of the suite's start, quality 5 0.2 s,
 * and no test reads the compressed sizes.
 */
const BROTLI_QUALITY = Number(process.env.FACET_BROTLI_QUALITY) || 11;

export function precompressFile(path: string): void {
  const raw = readFileSync(path);
  if (raw.length < MIN_BYTES) return;
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = gzipSync(raw, { level: 9 });
  if (br.length < raw.length) writeFileSync(`${path}.br`, br);
  if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'facet:precompress',
    apply: 'build',
    configResolved(c) {
      config = c;
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        if (config.build.ssr) return;
        const out = resolve(config.root, config.build.outDir);
        for (const path of files(out)) if (TEXT.test(path)) precompressFile(path);
      },
    },
  };
}
