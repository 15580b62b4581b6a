// Document 1 §2, §4, §5, §8: the retailer filter, one editable row, new-row defaults, the call body,
// tokens at the caret, the live preview and the popups' words.
/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { retailerErrors } from '../../src/api/contract/rules/retailer.ts';
import {
  errorText,
  filterRows,
  insertToken,
  newRow,
  POPUP,
  previewName,
  rowErrors,
  toBody,
  toForm,
  toggleEditing,
  TOKENS,
} from '../../src/features/retailers/retailer-rules.ts';

const saved = (id: number, retailer: string) => ({ id, retailer });

describe('filter', () => {
  const rows = [saved(1, 'Wayfair'), saved(2, 'Home Depot'), { id: undefined, retailer: '' }, saved(3, 'AMAZON')];
  it('keeps names containing the text, whatever the case', () => {
    expect(filterRows(rows, 'DEPOT').map((r) => r.retailer)).toEqual(['Home Depot', '']);
    expect(filterRows(rows, 'amaz').map((r) => r.retailer)).toEqual(['', 'AMAZON']);
  });
  it('always keeps rows not saved yet', () => expect(filterRows(rows, 'zzz')).toEqual([{ id: undefined, retailer: '' }]));
  it('an empty filter keeps everything', () => expect(filterRows(rows, '  ')).toHaveLength(4));
});

describe('one editable row at a time', () => {
  it('Edit toggles a row and opening one closes the other', () => {
    expect(toggleEditing(null, '1')).toBe('1');
    expect(toggleEditing('1', '1')).toBeNull();
    expect(toggleEditing('1', '2')).toBe('2');
  });
});

describe('rows and the call', () => {
  it('a new row: .png, 48 per row, not saved, a key of its own', () => {
    const a = newRow();
    const b = newRow();
    expect(a).toMatchObject({ ext: '.png', images_per_row: 48 });
    expect(a.id).toBeUndefined();
    expect(a.key).not.toBe(b.key);
  });
  it('the extension goes without its dot, numbers as numbers', () => {
    const form = toForm({
      id: 7,
      retailer: 'Target',
      file_type: 'jpg',
      height: 1500,
      width: 1200,
      dpi: 72,
      color_depth: 32,
      file_size: 5.5,
      images_per_row: 24,
      file_name: 'TGT_<frame_num2>.<ext>',
      no_upscale: true,
    });
    expect(form.ext).toBe('.jpg');
    expect(toBody({ ...form, height: '1600' })).toEqual({
      retailer: 'Target',
      file_type: 'jpg',
      height: 1600,
      width: 1200,
      dpi: 72,
      color_depth: 32,
      file_size: 5.5,
      images_per_row: 24,
      file_name: 'TGT_<frame_num2>.<ext>',
      no_upscale: true,
    });
    expect(newRow().no_upscale).toBe(false);
  });
  it("no_upscale is a boolean by the contract: anything else is refused in the server's words", () => {
    const body = toBody({ ...newRow(), retailer: 'Target' });
    expect(retailerErrors({ ...body, no_upscale: 'yes' })).toEqual({
      no_upscale: ['The no upscaling field must be of type boolean.'],
    });
    const { no_upscale: _left, ...older } = body;
    expect(retailerErrors(older)).toEqual({});
  });
});

describe('the row refuses what the server refuses, in its words', () => {
  it('as typed; a blank field only once Save was pressed', () => {
    const row = { ...newRow(), height: '0', width: '1.5', file_size: '0', file_name: 'a<b>.png' };
    expect(rowErrors(row, false)).toEqual({
      height: 'The height field must be at least 1.',
      width: 'The width field must be of type integer.',
      file_size: 'The file size field must be greater than 0.',
      file_name: 'The file name field may only use the tokens <note>, <frame_num2>, <frame_num3>, <frame_num4>, <ext>.',
    });
    expect(rowErrors({ ...newRow(), dpi: '' }, true)).toEqual({
      retailer: 'The retailer field is required.',
      dpi: 'The DPI field must be at least 1.',
    });
    expect(rowErrors({ ...newRow(), retailer: 'Target' }, true)).toEqual({});
  });
});

describe('file-name tokens', () => {
  it('are the five of the specs', () =>
    expect(TOKENS).toEqual(['<note>', '<frame_num2>', '<frame_num3>', '<frame_num4>', '<ext>']));
  it('go in at the caret, replacing a selection', () => {
    expect(insertToken('SKU_.png', '<note>', 4)).toEqual({ value: 'SKU_<note>.png', caret: 10 });
    expect(insertToken('abXXcd', '<ext>', 2, 4)).toEqual({ value: 'ab<ext>cd', caret: 7 });
    expect(insertToken('x', '<frame_num3>')).toEqual({ value: 'x<frame_num3>', caret: 13 });
  });
  it('the preview is the name the export gives the first frame (its own builder)', () => {
    const row = (file_name: string, ext: '.png' | '.jpg' = '.png', images_per_row = 48) => ({
      file_name,
      ext,
      images_per_row,
    });
    expect(previewName(row('<note>_<frame_num2>.<ext>'))).toBe('front_01.png');
    expect(previewName(row('HD_<frame_num4>_<frame_num3>.<ext>', '.jpg'), 'side')).toBe('HD_0001_001.jpg');
    // Made safe for a file name, and numbered without a frame token, as the export does.
    expect(previewName(row('OS_<note>.<ext>', '.jpg', 24), 'blue / sofa')).toBe('OS_blue-sofa_01.jpg');
    expect(previewName(row('SKU'))).toBe('SKU_01.png');
  });
});

describe('popups', () => {
  it('words of §8', () => {
    expect(POPUP).toEqual({
      edit: 'Edit Retailer',
      add: 'Add Retailer',
      delete: 'Delete Retailer',
      saving: 'Saving...',
      saved: 'Saved!',
      deleting: 'Deleting Retailer...',
      deleted: 'Retailer Deleted!',
      confirmDelete: 'Are you sure you want to delete this retailer?',
    });
  });
  it("'Error: ' and the message; a create adds each field's errors on new lines", () => {
    const f = {
      message: 'The retailer field is required.',
      errors: { retailer: ['The retailer field is required.'], dpi: ['The dpi must be at least 1.'] },
    };
    expect(errorText(f, false)).toBe('Error: The retailer field is required.');
    expect(errorText(f, true)).toBe(
      'Error: The retailer field is required.\nThe retailer field is required.\nThe dpi must be at least 1.',
    );
  });
});
