// Which part of a layer a frame shows, in whole source and frame pixels: shared by the worker's canvas
// pipeline (compose.ts) and the server's sharp renders (server/render/compose.ts), and free of any
// browser type, so the server compiles it without the DOM.
import type { DrawOp, Size } from './layout.ts';

/** Part of a picture (integer source px) scaled to dw×dh. */
export interface Crop {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
  dw: number;
  dh: number;
  quality: 'medium' | 'high';
}

/** The visible part of `op` (source px) and where it lands in whole frame px; undefined when off-frame. */
export function visibleCrop(op: DrawOp<unknown> & { kind: 'image' }, src: Size, frame: Size) {
  const { x, y, w, h } = op.rect;
  const axis = (pos: number, len: number, srcLen: number, frameLen: number) => {
    const s0 = Math.max(0, Math.floor(((0 - pos) / len) * srcLen));
    const s1 = Math.min(srcLen, Math.ceil(((frameLen - pos) / len) * srcLen));
    const d0 = Math.round(pos + (s0 / srcLen) * len);
    const d1 = Math.round(pos + (s1 / srcLen) * len);
    return s1 > s0 && d1 > d0 ? { s0, s1, d0, d1 } : undefined;
  };
  const ax = axis(x, w, src.width, frame.width);
  const ay = axis(y, h, src.height, frame.height);
  if (!ax || !ay) return undefined;
  const crop: Crop = {
    sx: ax.s0,
    sy: ay.s0,
    sw: ax.s1 - ax.s0,
    sh: ay.s1 - ay.s0,
    dw: ax.d1 - ax.d0,
    dh: ay.d1 - ay.d0,
    quality: w < src.width ? 'high' : 'medium',
  };
  return { crop, at: { x: ax.d0, y: ay.d0 } };
}
