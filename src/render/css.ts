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

/**
 * The same boxes as transforms of frame-sized elements (left 0, top 0, 100 % × 100 %, scaled and moved
 * from the top-left corner). A slider drag then changes only transform, opacity and filter, which the
 * compositor can apply to an already rasterised layer; at rest the result paints like previewStyles.
 */
export function previewTransforms<S>(frame: Frame<S>): Preview<S> {
  const { container, items } = previewStyles(frame);
  return {
    container,
    items: items.map((item, i) => {
      const op = frame.ops[i]!;
      if (op.kind === 'fill') return item;
      const { x, y, w, h } = op.rect;
      const style: PreviewStyle = {
        position: 'absolute',
        left: '0',
        top: '0',
        width: '100%',
        height: '100%',
        maxWidth: 'none',
        pointerEvents: 'none',
        transformOrigin: '0 0',
        transform: `translate(${pct(x, frame.width)}, ${pct(y, frame.height)}) scale(${(w / frame.width).toFixed(6)}, ${(h / frame.height).toFixed(6)})`,
        opacity: op.opacity,
        filter: op.filter,
      };
      return { ...item, style };
    }),
  };
}

/** A style object as a cssText string, for plain DOM (e.g. the e2e harness). */
export function cssText(style: PreviewStyle): string {
  return Object.entries(style)
    .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${v}`)
    .join(';');
}
