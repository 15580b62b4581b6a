// The embed codes of the 360 panel and the 3D viewer section (document 3 §2, issue 14): the public
// page's address with the product's share key (without it: 404), in the iframe code of the contract's
// embed-code.ts, which the server's oEmbed answer uses too.

import { aspectRatio, EMBED_ALLOW, iframeCode } from '../../../api/contract/embed-code.ts';

export interface SpinEmbed {
  origin: string;
  productId: number;
  productName: string;
  shareKey: string;
  /** A saved 360 preset and its frame count, or an upload group's photos (the carousel). */
  source: { presetId: number; frames: 24 | 48 } | { groupId: number };
  width?: number | null;
  height?: number | null;
}

/**
 * {host}/iframe/360?id_product&id_customization&(frames=24|48 | uploadimage=1) plus key (document 3
 * §2): for uploaded photos, id_customization names the upload group.
 */
export function spinEmbedUrl(e: SpinEmbed): string {
  const q = new URLSearchParams({ id_product: String(e.productId) });
  if ('groupId' in e.source) {
    q.set('id_customization', String(e.source.groupId));
    q.set('uploadimage', '1');
  } else {
    q.set('id_customization', String(e.source.presetId));
    q.set('frames', String(e.source.frames));
  }
  q.set('key', e.shareKey);
  return `${e.origin}/iframe/360?${q}`;
}

export const spinEmbedCode = (e: SpinEmbed) =>
  iframeCode(
    spinEmbedUrl(e),
    'groupId' in e.source ? `Photos of ${e.productName}` : `360 view of ${e.productName}`,
    aspectRatio(e.width, e.height),
    EMBED_ALLOW.spin,
  );

export interface ViewerEmbed {
  origin: string;
  productId: number;
  productName: string;
  shareKey: string;
  /** The lazy-load toggle: the poster and a play button until a click. */
  lazy: boolean;
}

export function viewerEmbedUrl(e: ViewerEmbed): string {
  const q = new URLSearchParams({ id_product: String(e.productId), key: e.shareKey });
  if (e.lazy) q.set('lazy', '1');
  return `${e.origin}/viewer/?${q}`;
}

export const viewerEmbedCode = (e: ViewerEmbed) =>
  iframeCode(viewerEmbedUrl(e), `3D view of ${e.productName}`, '4 / 3', EMBED_ALLOW.viewer);
