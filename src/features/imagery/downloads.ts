// Downloads of document 3 §4. Download All Images (every section): the server zips the uploaded images
// (a zip name, then its address, which is opened). Render presets (zip), vignette: every saved preset
// is rendered in the browser by the render worker, 3840 / devicePixelRatio px wide, and zipped there
// ('Building Image i of n', then 'Creating a zip file...'); Cancel discards the partial result. The
// layers come through the service worker, so a product seen once can be zipped offline.
import { zipDownloadUrl, zipUploads } from '../../api/imagery.ts';
import { storageUrl } from '../../api/storage-paths.ts';
import type { LayerRow, PresetRow } from '../../data/index.ts';
import { hasPictureBackground } from '../../render/layout.ts';
import { saveAs } from '../../ui/save-as.ts';
import { createRenderClient, downloadWidth, type RenderInput, type RenderProgress } from '../../workers/render-client.ts';

/** 'Download All Images' of a section; rejects with the call's failure (the screen words it). */
export async function downloadServerZip(
  section: 'silo' | '360' | 'vignette',
  productId: number,
  customerId: number,
): Promise<void> {
  const { name_zip } = await zipUploads(section, productId, customerId);
  const { url } = await zipDownloadUrl(name_zip);
  saveAs(url);
}

let client: ReturnType<typeof createRenderClient> | undefined;
const renderClient = () => (client ??= createRenderClient());

/** The render inputs of a vignette batch: each preset over the product's layers (the stored paths go through the service worker). */
export function vignetteInputs(presets: PresetRow[], layer: LayerRow, width = downloadWidth()): RenderInput[] {
  return presets.map((p) => {
    const preset = { ...p, section: 'vignette' as const };
    return {
      preset: hasPictureBackground(preset) ? { ...preset, background: storageUrl(p.background) } : preset,
      layers: {
        beauty: storageUrl(layer.beauty),
        ...(layer.shadow && { shadow: storageUrl(layer.shadow) }),
        ...(layer.reflection && { reflection: storageUrl(layer.reflection) }),
      },
      width,
    };
  });
}

/** Renders and zips; resolves to the zip (named <SKU>_<date>.zip), rejects with RenderCancelled on cancel. */
export function buildVignetteZip(inputs: RenderInput[], sku: string, onProgress: (p: RenderProgress) => void): Promise<File> {
  return renderClient().renderBatch(inputs, { sku }, onProgress);
}

export function cancelVignetteZip(): void {
  client?.cancel();
}
