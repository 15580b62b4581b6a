// The preset panel's rules (document 3 §3, §4, §5, §9): palette, defaults, clamps, slider ranges and
// steps, percent text, slider availability, the vignette mappings, Save visibility, the tailor
// request's once-a-day rule, upload wording.
import { describe, expect, it } from 'vitest';
import {
  alreadyRequested,
  BACKGROUND_TRANSFORM,
  BRIGHTNESS,
  controlText,
  errorText,
  isEdited,
  localDay,
  mappedHint,
  newPresetValues,
  PALETTE,
  parseControl,
  previewable,
  productTransform,
  REFLECTION,
  SATURATION,
  saveVisible,
  SHADOW,
  sliderEnabled,
  uploadingText,
  UPLOAD_COMPLETE,
  withPercent,
  bgScalePercent,
  imageScalePercent,
  offsetPercent,
} from '../../src/features/imagery/preset-rules.ts';
import { isColour } from '../../src/api/contract/rules/preset.ts';
import { tailorKey } from '../../src/features/imagery/tailor-store.ts';

describe('palette and defaults (§3)', () => {
  it('has none, the fifteen colours in order, and accepts a free colour', () => {
    expect(PALETTE).toEqual([
      'none',
      '#ffffff',
      '#bababa',
      '#414141',
      '#000000',
      '#b4cf66',
      '#ffec5c',
      '#0897b4',
      '#f3d3b5',
      '#f0941f',
      '#ef6024',
      '#6df2ff',
      '#872626',
      '#efd806',
      '#c4eef2',
      '#a67458',
    ]);
    expect(PALETTE).toHaveLength(16);
    expect(PALETTE.every(isColour)).toBe(true);
    expect(isColour('#12AB9f')).toBe(true);
    expect(isColour('red')).toBe(false);
    expect(isColour('#12ab9')).toBe(false);
    expect(isColour('#abc')).toBe(true); // the server's colours: #rgb, #rrggbb, #rrggbbaa
  });

  it('starts a new preset on white, shadow 35 on, reflection 10 on, 100 %, no transform', () => {
    expect(newPresetValues('silo')).toEqual({
      background: '#ffffff',
      hasShadow: 1,
      shadow: 35,
      hasReflection: 1,
      reflection: 10,
      saturation: 100,
      brightness: 100,
      image_scale: 0,
      image_offset_x: 0,
      image_offset_y: 0,
    });
    expect(newPresetValues('360')).toEqual(newPresetValues('silo'));
    expect(newPresetValues('vignette', 'automation/backgrounds/a.jpg')).toMatchObject({
      background: 'automation/backgrounds/a.jpg',
      bg_scale: 0,
      bg_offset_x: 0,
      bg_offset_y: 0,
    });
    expect(newPresetValues('vignette').background).toBe('#ffffff');
  });
});

describe('ranges, steps and clamps (§5)', () => {
  it('gives transforms -1..1 by 0.01, product scale from 0 for silo and 360, percents 0..100 and 0..200', () => {
    const [scale, x, y] = productTransform('silo');
    expect([scale, x, y].map((c) => [c!.key, c!.min, c!.max, c!.step])).toEqual([
      ['image_scale', 0, 1, 0.01],
      ['image_offset_x', -1, 1, 0.01],
      ['image_offset_y', -1, 1, 0.01],
    ]);
    expect(productTransform('360')[0]!.min).toBe(0);
    expect(productTransform('vignette')[0]!.min).toBe(-1);
    expect(BACKGROUND_TRANSFORM.map((c) => [c.key, c.min, c.max, c.step])).toEqual([
      ['bg_scale', -1, 1, 0.01],
      ['bg_offset_x', -1, 1, 0.01],
      ['bg_offset_y', -1, 1, 0.01],
    ]);
    expect([SHADOW, REFLECTION, SATURATION, BRIGHTNESS].map((c) => [c.min, c.max, c.percent])).toEqual([
      [0, 100, true],
      [0, 100, true],
      [0, 200, true],
      [0, 200, true],
    ]);
  });

  it('clamps typed transform values to -1..1 and product scale to 0 at least', () => {
    const [siloScale, x] = productTransform('silo');
    expect(parseControl(x!, '2')).toBe(1);
    expect(parseControl(x!, '-7.5')).toBe(-1);
    expect(parseControl(x!, '0.257')).toBe(0.26);
    expect(parseControl(x!, '0,5')).toBe(0.5);
    expect(parseControl(siloScale!, '-0.4')).toBe(0);
    expect(parseControl(productTransform('vignette')[0]!, '-0.4')).toBe(-0.4);
    expect(parseControl(x!, '')).toBeUndefined();
    expect(parseControl(x!, 'abc')).toBeUndefined();
  });

  it('reads percent text with or without the sign, clamps it, and appends % when missing', () => {
    expect(parseControl(SHADOW, '45%')).toBe(45);
    expect(parseControl(SHADOW, '145')).toBe(100);
    expect(parseControl(SATURATION, '145 %')).toBe(145);
    expect(parseControl(BRIGHTNESS, '-3')).toBe(0);
    expect(withPercent('35')).toBe('35%');
    expect(withPercent('35%')).toBe('35%');
    expect(controlText(SHADOW, 35)).toBe('35%');
    expect(controlText(productTransform('silo')[1]!, -0.5)).toBe('-0.50');
  });
});

describe('slider availability (§5)', () => {
  const on = { hasShadow: 1, hasReflection: 1 } as const;
  it('needs a selected preset for every slider', () => {
    expect(sliderEnabled('saturation', on, false)).toBe(false);
    expect(sliderEnabled('image_scale', on, true)).toBe(true);
  });
  it('enables the shadow and vertical offset sliders only with the shadow on, the reflection slider only with the reflection on', () => {
    const off = { hasShadow: 0, hasReflection: 0 } as const;
    expect(
      ['shadow', 'image_offset_y', 'reflection', 'image_offset_x', 'brightness'].map((k) => sliderEnabled(k as never, off, true)),
    ).toEqual([false, false, false, true, true]);
    expect(sliderEnabled('shadow', { hasShadow: 1, hasReflection: 0 }, true)).toBe(true);
    expect(sliderEnabled('image_offset_y', { hasShadow: 1, hasReflection: 0 }, true)).toBe(true);
    expect(sliderEnabled('reflection', { hasShadow: 1, hasReflection: 0 }, true)).toBe(false);
    expect(sliderEnabled('reflection', { hasShadow: 0, hasReflection: 1 }, true)).toBe(true);
  });
});

describe('vignette mappings (§5)', () => {
  it('maps background scale -1..1 to 100..200, image scale to 75..175, offsets at 50 per unit', () => {
    expect([-1, 0, 1].map(bgScalePercent)).toEqual([100, 150, 200]);
    expect([-1, 0, 1].map((v) => imageScalePercent('vignette', v))).toEqual([75, 125, 175]);
    expect([-1, 0.5, 1].map(offsetPercent)).toEqual([-50, 25, 50]);
    expect(bgScalePercent(3)).toBe(200);
    expect(mappedHint('vignette', 'bg_scale', 0.2)).toBe('160%');
    expect(mappedHint('vignette', 'image_scale', -0.4)).toBe('105%');
    expect(mappedHint('silo', 'image_scale', 0.5)).toBe('150%');
    expect(mappedHint('silo', 'image_offset_x', 0.5)).toBeUndefined();
  });
});

describe('Save and the unsaved-changes flag (§2, §4)', () => {
  it('shows Save only when edited, with a preset selected, to an editor', () => {
    const all = [true, false].flatMap((edited) =>
      [true, false].flatMap((presetSelected) => [true, false].map((canEdit) => ({ edited, presetSelected, canEdit }))),
    );
    expect(all.filter(saveVisible)).toEqual([{ edited: true, presetSelected: true, canEdit: true }]);
  });
  it('counts a change of any field of the section, and only those', () => {
    const base = newPresetValues('silo');
    expect(isEdited('silo', base, { ...base })).toBe(false);
    expect(isEdited('silo', base, { ...base, shadow: 36 })).toBe(true);
    expect(isEdited('silo', base, { ...base, background: 'none' })).toBe(true);
    expect(isEdited('silo', base, { ...base, bg_scale: 0.3 })).toBe(false);
    const v = newPresetValues('vignette', 'bg.jpg');
    expect(isEdited('vignette', v, { ...v, bg_offset_y: 0.1 })).toBe(true);
  });
});

describe('tailor request once a day (§4)', () => {
  const today = new Date(2025, 4, 14, 9, 30);
  it('counts a page as requested while the stored date is today or later', () => {
    expect(localDay(today)).toBe('2025-05-14');
    expect(alreadyRequested(null, today)).toBe(false);
    expect(alreadyRequested('2025-05-13', today)).toBe(false);
    expect(alreadyRequested('2025-05-14', today)).toBe(true);
    expect(alreadyRequested('2025-06-01', today)).toBe(true);
    expect(alreadyRequested('2025-05-14', new Date(2025, 4, 15, 0, 1))).toBe(false);
  });
  it('keeps the date per product and page (issue 27): ACM-1003 Silo does not mark ACM-1004 Silo', () => {
    expect(tailorKey(1003, 'Silo Image')).not.toBe(tailorKey(1004, 'Silo Image'));
    expect(tailorKey(1003, 'Silo Image')).not.toBe(tailorKey(1003, 'Vignette'));
  });
});

describe('uploads and messages (§4, §5, §8)', () => {
  it('previews jpg, jpeg and png only, and words the progress', () => {
    expect(['a.JPG', 'b.jpeg', 'c.png', 'd.webp', 'e.tif', 'f.gif'].map((name) => previewable({ name }))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(uploadingText(2, 5)).toBe('Uploading 2 of 5 images');
    expect(UPLOAD_COMPLETE).toBe('Upload complete');
  });
  it("prefixes 'Error: ' once", () => {
    expect(errorText('Network Error')).toBe('Error: Network Error');
    expect(errorText('Error: The file is not a valid image.')).toBe('Error: The file is not a valid image.');
  });
});
