// oEmbed (https://oembed.com) for our public pages: /iframe/360?… and /viewer/?… with their share key.
// The answer is the embed code the 360 panel shows: an iframe with a title, lazy loading, fullscreen,
// 100 % wide with a CSS aspect-ratio, so it fits any column.
import type { Services } from '../services.ts';
import { NOT_FOUND, spinOf, viewerOf } from './embeds.ts';
import { EMBED_ALLOW, iframeCode } from '../../src/api/contract/embed-code.ts';

export interface OembedAsk {
  url: string;
  maxwidth?: number;
  maxheight?: number;
  format?: 'json';
}

/** The portal's embed code (the contract's embed-code.ts) for a page address, at oEmbed's box. */
const embedCode = (src: string, title: string, width: number, height: number, allow: string) =>
  iframeCode(src, title, `${width} / ${height}`, allow);

/** width × height within maxwidth × maxheight, keeping the aspect; 640 wide by default. */
export function fitBox(aspectW: number, aspectH: number, maxwidth?: number, maxheight?: number) {
  let width = Math.min(maxwidth ?? 640, 640 * 4);
  let height = Math.round((width * aspectH) / aspectW);
  if (maxheight !== undefined && height > maxheight) {
    height = maxheight;
    width = Math.round((height * aspectW) / aspectH);
  }
  return { width: Math.max(1, width), height: Math.max(1, height) };
}

/** Our own page address (the configured public origin), or undefined for anything else. */
function ourPage(s: Services, raw: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  const origin = new URL(s.config.publicUrl).origin;
  return url.origin === origin && ['/iframe/360', '/viewer', '/viewer/'].includes(url.pathname) ? url : undefined;
}

export async function oembedOf(s: Services, ask: OembedAsk) {
  const url = ourPage(s, ask.url);
  const id = Number(url?.searchParams.get('id_product'));
  if (!url || !Number.isInteger(id) || id < 1 || id > 2147483647) throw NOT_FOUND();
  const key = url.searchParams.get('key') ?? undefined;
  const base = new URL(s.config.publicUrl);
  const absolute = (path: string) => new URL(path, base).toString();
  const head = { type: 'rich' as const, version: '1.0' as const, provider_name: 'Facet', provider_url: base.origin };
  if (url.pathname === '/iframe/360') {
    const uploads = url.searchParams.get('uploadimage') === '1';
    const frames = Number(url.searchParams.get('frames'));
    const preset = Number(url.searchParams.get('id_customization'));
    if (!uploads && ((frames !== 24 && frames !== 48) || !Number.isInteger(preset) || preset < 1)) throw NOT_FOUND();
    const group = url.searchParams.has('id_customization') ? preset : undefined;
    if (uploads && group !== undefined && (!Number.isInteger(group) || group < 1)) throw NOT_FOUND();
    const spin = await spinOf(s, {
      id_product: id,
      key,
      ...(uploads ? { uploadimage: 1, id_customization: group } : { frames: frames as 24 | 48, id_customization: preset }),
    });
    const box = fitBox(spin.width || 5, spin.height || 6, ask.maxwidth, ask.maxheight);
    const title = uploads ? `${spin.name} (photos)` : `${spin.name} (360° view)`;
    const poster = spin.frames[0]?.jpeg;
    const smallest =
      poster &&
      Object.keys(poster)
        .map(Number)
        .sort((a, b) => a - b)[0];
    return {
      ...head,
      title,
      html: embedCode(url.toString(), title, box.width, box.height, EMBED_ALLOW.spin),
      ...box,
      ...(poster &&
        smallest && {
          thumbnail_url: absolute(poster[String(smallest)]!),
          thumbnail_width: smallest,
          thumbnail_height: Math.round((smallest * (spin.height || 6)) / (spin.width || 5)),
        }),
    };
  }
  const viewer = await viewerOf(s, id, key);
  const box = fitBox(4, 3, ask.maxwidth, ask.maxheight);
  const title = `${viewer.name} (3D view)`;
  return {
    ...head,
    title,
    html: embedCode(url.toString(), title, box.width, box.height, EMBED_ALLOW.viewer),
    ...box,
    ...(viewer.poster && { thumbnail_url: absolute(viewer.poster) }),
  };
}
