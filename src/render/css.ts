// The on-screen preview: the same draw list as the worker, as absolutely positioned boxes.
// Positions are percentages of the frame, so the preview fits any container of the frame's aspect.
import type { Frame, LayerName } from './layout.ts';

/** camelCase keys, usable as a React style object or through cssText(). */
export type PreviewStyle = Record<string, string | number>;

export interface PreviewItem<S> {
  key: string;
  layer: LayerName;
  /** Present for pictures (render an <img>), absent for a colour fill (render a <div>). */
  src?: S;
  style: PreviewStyle;
}

export interface Preview<S> {
  container: PreviewStyle;
  items: PreviewItem<S>[];
}

const pct = (v: number, of: number): string => `${((v / of) * 100).toFixed(4)}%`;

export function previewStyles<S>(frame: Frame<S>): Preview<S> {
  const container: PreviewStyle = {
    position: 'relative',
    overflow: 'hidden',
    aspectRatio: `${frame.width} / ${frame.height}`,
  };
  const items = frame.ops.map((op, i): PreviewItem<S> => {
    const key = `${i}-${op.layer}`;
    if (op.kind === 'fill') {
      return { key, layer: op.layer, style: { position: 'absolute', inset: '0', backgroundColor: op.color } };
    }
    const style: PreviewStyle = {
      position: 'absolute',
      left: pct(op.rect.x, frame.width),
      top: pct(op.rect.y, frame.height),
      width: pct(op.rect.w, frame.width),
      height: pct(op.rect.h, frame.height),
      maxWidth: 'none',
      pointerEvents: 'none',
    };
    if (op.opacity < 1) style.opacity = op.opacity;
    if (op.filter !== 'none') style.filter = op.filter;
    return { key, layer: op.layer, src: op.src, style };
  });
  return { container, items };
}

/** A style object as a cssText string, for plain DOM (e.g. the e2e harness). */
export function cssText(style: PreviewStyle): string {
  return Object.entries(style)
    .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${v}`)
    .join(';');
}
