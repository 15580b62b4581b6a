// model-viewer's decoders, served by the portal itself (issue 40): left unset, model-viewer fetches its
// Draco decoder and KTX2 (Basis) transcoder from www.gstatic.com, which the Content-Security-Policy
// rightly blocks and an offline or firewalled customer cannot reach. They are three.js's own copies,
// from node_modules, written into the build under /decoders/ (and answered by the dev server).
// The Basis transcoder is Emscripten embind code, which builds functions at run time (eval): three
// runs it in a blob: worker, which inherits the page's policy and is refused. So three's KTX2Loader
// starts its worker from a file of ours instead (KTX2_WORKER), which imports that blob; a worker from
// a URL has the policy of its own answer, and only that worker's allows eval (security-headers.ts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { KTX2_WORKER_PATH } from '../server/http/content-policy.ts';

export const DECODERS = {
  'decoders/draco/draco_decoder.js': 'examples/jsm/libs/draco/gltf/draco_decoder.js',
  'decoders/draco/draco_decoder.wasm': 'examples/jsm/libs/draco/gltf/draco_decoder.wasm',
  'decoders/draco/draco_wasm_wrapper.js': 'examples/jsm/libs/draco/gltf/draco_wasm_wrapper.js',
  'decoders/basis/basis_transcoder.js': 'examples/jsm/libs/basis/basis_transcoder.js',
  'decoders/basis/basis_transcoder.wasm': 'examples/jsm/libs/basis/basis_transcoder.wasm',
} as const;

// three's exports map hides package.json; its main entry sits in build/, one folder below the root.
/** The transcoder's worker: it imports the blob: script KTX2Loader made, named after the '#'. */
const KTX2_WORKER = KTX2_WORKER_PATH.slice(1);
const KTX2_WORKER_SOURCE = 'importScripts(decodeURIComponent(self.location.hash.slice(1)));\n';
const KTX2_LOADER = /three\/examples\/jsm\/loaders\/KTX2Loader\.js$/;
const BLOB_WORKER = 'new Worker( this.workerSourceURL )';

const threeRoot = () => dirname(dirname(createRequire(import.meta.url).resolve('three')));
const read = (file: string) => readFileSync(join(threeRoot(), file));

export function decoders(): Plugin {
  return {
    name: 'facet-decoders',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').slice(1).split('?')[0]!;
        const file = DECODERS[path as keyof typeof DECODERS];
        if (!file && path !== KTX2_WORKER) return next();
        res.setHeader('content-type', path.endsWith('.wasm') ? 'application/wasm' : 'text/javascript');
        res.end(file ? read(file) : KTX2_WORKER_SOURCE);
      });
    },
    transform(code, id) {
      if (!KTX2_LOADER.test(id.split('?')[0]!)) return undefined;
      // Fails the build if three changes the line, rather than shipping a transcoder the policy refuses.
      if (!code.includes(BLOB_WORKER))
        this.error(`three's KTX2Loader no longer starts its worker with "${BLOB_WORKER}": update scripts/vite-decoders.ts`);
      return code.replace(BLOB_WORKER, `new Worker( '/${KTX2_WORKER}#' + encodeURIComponent( this.workerSourceURL ) )`);
    },
    generateBundle() {
      for (const [fileName, file] of Object.entries(DECODERS)) this.emitFile({ type: 'asset', fileName, source: read(file) });
      this.emitFile({ type: 'asset', fileName: KTX2_WORKER, source: KTX2_WORKER_SOURCE });
    },
  };
}
