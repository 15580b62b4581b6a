// The layout maths at -1, 0 and 1 for every mapping (specs 03 §5, docs/decisions.md).
import { describe, expect, it } from 'vitest';
import {
  bgOffsetShift,
  bgScalePercent,
  imageScalePercent,
  layerOpacity,
  layoutFrame,
  offsetPercent,
  productFilter,
} from '../../src/render/layout.ts';
import { cssText, previewStyles } from '../../src/render/css.ts';
import { basePreset } from './fixtures.ts';

describe('mappings', () => {
  it.each([
    [-1, 100],
    [0, 150],
    [1, 200],
  ])('background scale %d → %d %%', (s, pct) => expect(bgScalePercent(s)).toBe(pct));

  it.each([
    [-1, 75],
    [0, 125],
    [1, 175],
  ])('vignette image scale %d → %d %%', (s, pct) => expect(imageScalePercent('vignette', s)).toBe(pct));

  it.each([
    ['silo', -1, 100],
    ['silo', 0, 100],
    ['silo', 1, 200],
    ['360', -1, 100],
    ['360', 0, 100],
    ['360', 1, 200],
  ] as const)('%s image scale %d → %d %% (minimum 0)', (section, s, pct) => expect(imageScalePercent(section, s)).toBe(pct));

  it.each([
    [-1, -50],
    [0, 0],
    [1, 50],
  ])('image offset %d → %d %% of the frame', (o, pct) => expect(offsetPercent(o)).toBe(pct));

  it.each([
    [-1, -100],
    [0, 0],
    [1, 100],
  ])('background offset %d pans %d px over a 200 px overflow', (o, px) => expect(bgOffsetShift(o, 200)).toBe(px));

  it.each([
    [1, 35, 0.35],
    [0, 35, 0],
    [1, 0, 0],
    [1, 100, 1],
    [true, 150, 1],
  ] as const)('layer on=%s at %d %% → opacity %d', (on, pct, a) => expect(layerOpacity(on, pct)).toBe(a));

  it.each([
    [100, 100, 'none'],
    [0, 200, 'saturate(0%) brightness(200%)'],
    [200, 0, 'saturate(200%) brightness(0%)'],
    [300, -5, 'saturate(200%) brightness(0%)'],
  ])('saturation %d, brightness %d → %s', (s, b, f) => expect(productFilter(s, b)).toBe(f));
});

describe('layoutFrame', () => {
  const layers = {
    beauty: { src: 'b', width: 400, height: 200 },
    shadow: { src: 's', width: 400, height: 200 },
    reflection: { src: 'r', width: 400, height: 200 },
  };

  it('draws background, reflection, shadow, beauty in that order with one transform', () => {
    const f = layoutFrame(basePreset, layers, { width: 200, height: 100 });
    expect(f.ops.map((o) => o.layer)).toEqual(['background', 'reflection', 'shadow', 'beauty']);
    const rects = f.ops.flatMap((o) => (o.kind === 'image' ? [o.rect] : []));
    expect(rects).toEqual([rects[0], rects[0], rects[0]]);
    expect(rects[0]).toEqual({ x: 0, y: 0, w: 200, h: 100 });
  });

  it('hides switched-off layers and leaves "none" transparent', () => {
    const f = layoutFrame({ ...basePreset, background: 'none', hasShadow: 0, hasReflection: 0 }, layers, {
      width: 200,
      height: 100,
    });
    expect(f.ops.map((o) => o.layer)).toEqual(['beauty']);
  });

  it('scales about the centre and offsets by 50 % of the frame per unit', () => {
    const p = { ...basePreset, section: 'vignette' as const, image_scale: -1, image_offset_x: 1, image_offset_y: -0.5 };
    const beauty = layoutFrame(p, layers, { width: 200, height: 100 }).ops.at(-1)!;
    expect(beauty.kind === 'image' && beauty.rect).toEqual({ x: 25 + 100, y: 12.5 - 25, w: 150, h: 75 });
  });

  it('covers the frame with a vignette picture, scaled and panned within the overflow', () => {
    const p = {
      ...basePreset,
      section: 'vignette' as const,
      background: '/bg/room.jpg',
      bg_scale: 0,
      bg_offset_x: 1,
      bg_offset_y: -1,
    };
    const bg = layoutFrame(p, { ...layers, background: { src: 'bg', width: 100, height: 100 } }, { width: 200, height: 100 })
      .ops[0]!;
    // cover: 200x200, then 150 % → 300x300; overflow 100 x 200.
    expect(bg.kind === 'image' && bg.rect).toEqual({ x: -50 + 50, y: -100 - 100, w: 300, h: 300 });
  });

  it('gives the CSS preview the same boxes in percent', () => {
    const f = layoutFrame({ ...basePreset, saturation: 0 }, layers, { width: 200, height: 100 });
    const { container, items } = previewStyles(f);
    expect(container.aspectRatio).toBe('200 / 100');
    expect(items.map((i) => i.layer)).toEqual(['background', 'reflection', 'shadow', 'beauty']);
    expect(items[2]!.style).toMatchObject({ left: '0.0000%', width: '100.0000%', opacity: 0.35 });
    expect(cssText(items[3]!.style)).toContain('filter:saturate(0%) brightness(100%)');
  });
});
