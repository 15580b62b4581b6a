// The demo's committed files (server/db/seed-assets/), made once by scripts and stored by the seed.
import { join } from 'node:path';

/** The automation video: the Armchair turning (scripts/make-sample-video.ts). */
export const DEMO_VIDEO = join(import.meta.dirname, 'seed-assets', 'turntable.mp4');
/** The kind whose model is also a .usdz, for iOS AR (scripts/make-demo-usdz.ts; issue 43). */
export const DEMO_USDZ_KIND = 'armchair';
export const DEMO_USDZ = join(import.meta.dirname, 'seed-assets', `${DEMO_USDZ_KIND}.usdz`);
