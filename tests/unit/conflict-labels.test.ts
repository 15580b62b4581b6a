// Issue 43: the conflict dialog named a field by its developer key (a lower-case "name"). Every field a
// product Info edit or a preset edit can send is named by the contract's label, as its screen labels it;
// a field no rule labels is spelled out, never shown as its key.
import { describe, expect, it } from 'vitest';
import { productRules } from '../../src/api/contract/rules/product.ts';
import { PRESET_SECTIONS, presetKeys } from '../../src/api/contract/rules/preset.ts';
import { presetFieldLabel, productFieldLabel } from '../../src/features/products/conflict-labels.ts';

const asScreen = (label: string, key: string) => {
  expect(label, key).not.toBe(key);
  expect(label, key).toMatch(/^[A-Z]/);
  expect(label, key).not.toMatch(/_/);
};

describe('conflict row names', () => {
  it('names every product field as the Info form does', () => {
    for (const key of Object.keys(productRules)) asScreen(productFieldLabel(key), key);
    expect(['name', 'sku', 'measure', 'automation_system'].map(productFieldLabel)).toEqual(['Name', 'SKU', 'Unit', 'Automation']);
  });

  it('names every preset setting of every section as the preset panel does', () => {
    for (const section of PRESET_SECTIONS) for (const key of presetKeys(section)) asScreen(presetFieldLabel(key), key);
    expect(['hasShadow', 'image_offset_x', 'bg_scale'].map(presetFieldLabel)).toEqual([
      'Drop Shadow on',
      'Horizontal Offset',
      'Background Scale',
    ]);
  });

  it('spells out a field no rule labels', () => {
    expect(productFieldLabel('id_role')).toBe('Id role');
    expect(presetFieldLabel('imageOffset')).toBe('Image offset');
  });
});
