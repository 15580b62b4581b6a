// The live preview IS the export: the frame is laid out by layoutFrame (src/render), the function the
// render worker draws from, and shown with the transforms of src/render/css.ts. A slider drag never
// re-renders React here: every change of the draft schedules one write of the layers' styles in the
// next animation frame; while changes keep coming the layers are composited (will-change), and at
// rest they paint crisp again.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { storageUrl } from '../../api/storage-paths.ts';
import type { LayerRow } from '../../data/index.ts';
import { previewTransforms } from '../../render/css.ts';
import { frameSize, hasPictureBackground, layoutFrame, type LayerName, type Size } from '../../render/layout.ts';
import { useDraftValue, type DraftStore } from './draft-store.ts';
import { useNaturalSize } from './natural-size.ts';
import { usePreviewSource } from './preview-source.ts';
import styles from './imagery.module.css';

type Slot = Exclude<LayerName, 'background'> | 'backgroundImage' | 'backgroundFill';
const SLOTS: Slot[] = ['backgroundFill', 'backgroundImage', 'reflection', 'shadow', 'beauty'];
const LIVE_MS = 250;
/** Px of the window that are not the preview: top bar, caption, padding, the save bar's room (issue 43; the inspector's max-height). */
const PREVIEW_CHROME = 260;

export interface PresetPreviewProps {
  store: DraftStore;
  layer: LayerRow;
  /** What the preview shows, for screen readers. */
  label: string;
}

export function PresetPreview({ store, layer, label }: PresetPreviewProps) {
  const background = useDraftValue(store, 'background');
  const picture = hasPictureBackground({ ...store.get(), section: store.section, background })
    ? storageUrl(background)
    : undefined;
  const bgSize = useNaturalSize(picture);
  const host = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const els = useRef<Partial<Record<Slot, HTMLElement | null>>>({});
  const [size, setSize] = useState<Size>();

  // The stage takes whole CSS pixels of the frame's aspect, as large as the column allows.
  useLayoutEffect(() => {
    const el = host.current;
    if (!el) return;
    const fit = () => {
      // The window less the top bar, the caption and angle row, the canvas's padding and the save bar's room.
      const maxH = Math.max(320, window.innerHeight - PREVIEW_CHROME);
      const width = Math.floor(Math.min(el.clientWidth, (maxH * layer.width) / layer.height));
      if (width > 0) setSize((s) => (s?.width === width ? s : frameSize(width, layer)));
    };
    fit();
    const ro = new ResizeObserver(fit);
    ro.observe(el);
    return () => ro.disconnect();
  }, [layer]);

  const apply = useCallback(() => {
    if (!size) return;
    const v = store.get();
    const sized = (src: string | null) => (src ? { src, width: layer.width, height: layer.height } : undefined);
    const frame = layoutFrame(
      { ...v, section: store.section },
      {
        beauty: sized(layer.beauty)!,
        shadow: sized(layer.shadow),
        reflection: sized(layer.reflection),
        background: picture && bgSize ? { src: picture, ...bgSize } : undefined,
      },
      size,
    );
    const { items } = previewTransforms(frame);
    const shown = new Set<Slot>();
    for (const item of items) {
      const slot: Slot =
        item.layer === 'background' ? (item.src === undefined ? 'backgroundFill' : 'backgroundImage') : item.layer;
      const el = els.current[slot];
      if (!el) continue;
      shown.add(slot);
      const { filter, ...boxStyle } = item.style;
      Object.assign(el.style, { opacity: '' }, boxStyle, { display: '' });
      // The filter sits on the picture inside the moving box: it is painted into the box's layer once,
      // not applied again on every frame of a drag (which, in software compositing, cost ~8 ms a frame).
      const picture = el.firstElementChild as HTMLElement | null;
      if (picture) picture.style.filter = filter === undefined || filter === 'none' ? '' : String(filter);
    }
    for (const slot of SLOTS) if (!shown.has(slot) && els.current[slot]) els.current[slot]!.style.display = 'none';
  }, [store, layer, picture, bgSize, size]);

  useLayoutEffect(apply, [apply]);
  useEffect(() => {
    const el = stage.current;
    let frame = 0;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const off = store.subscribe(() => {
      if (!frame)
        frame = requestAnimationFrame(() => {
          frame = 0;
          apply();
        });
      stage.current?.setAttribute('data-live', '');
      clearTimeout(idle);
      idle = setTimeout(() => stage.current?.removeAttribute('data-live'), LIVE_MS);
    });
    return () => {
      off();
      cancelAnimationFrame(frame);
      clearTimeout(idle);
      // The timer that would have ended the live state is gone with this effect: end it here, or the
      // layers stay composited until the next change (seen when a new layer re-ran the effect).
      el?.removeAttribute('data-live');
    };
  }, [store, apply]);

  // Scaled-down copies for the screen; layoutFrame above still works from the layers' own sizes.
  const shown = {
    backgroundImage: usePreviewSource(picture, size?.width),
    reflection: usePreviewSource(layer.reflection ? storageUrl(layer.reflection) : undefined, size?.width),
    shadow: usePreviewSource(layer.shadow ? storageUrl(layer.shadow) : undefined, size?.width),
    beauty: usePreviewSource(storageUrl(layer.beauty), size?.width),
  };
  const ref = (slot: Slot) => (el: HTMLElement | null) => void (els.current[slot] = el);
  const img = (slot: Slot, src: string | null | undefined) =>
    src ? (
      <div ref={ref(slot)} className={styles.layer} style={{ display: 'none' }}>
        <img src={src} alt="" className={styles.picture} draggable={false} />
      </div>
    ) : null;
  return (
    <div ref={host} className={styles.previewHost}>
      <div
        ref={stage}
        role="img"
        aria-label={label}
        data-testid="preset-preview"
        className={styles.stage}
        style={
          size ? { width: size.width, height: size.height } : { aspectRatio: `${layer.width} / ${layer.height}`, width: '100%' }
        }
      >
        <div ref={ref('backgroundFill')} className={styles.fill} style={{ display: 'none' }} />
        {img('backgroundImage', shown.backgroundImage)}
        {img('reflection', shown.reflection)}
        {img('shadow', shown.shadow)}
        {img('beauty', shown.beauty)}
      </div>
    </div>
  );
}
