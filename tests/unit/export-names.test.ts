// Issue 14: export file names from a retailer's file_name tokens (<note>, <frame_num2|3|4>, <ext>): the
// contract's builder, which the export job and the retailer admin's preview both call.
import { describe, expect, it } from 'vitest';
import { fileNameFor, fileNames, needsNote, noteSlug } from '../../src/api/contract/rules/export.ts';

describe('export file names', () => {
  it('replaces the tokens, frames numbered from 1 and padded as the token says', () => {
    expect(fileNameFor('<note>_<frame_num2>.<ext>', { note: 'Sofa', frame: 1, frames: 24, ext: 'jpg' })).toBe('Sofa_01.jpg');
    expect(fileNameFor('HD_<frame_num4>.<ext>', { frame: 12, frames: 12, ext: 'jpg' })).toBe('HD_0012.jpg');
    expect(fileNameFor('A_<frame_num3>.<ext>', { frame: 48, frames: 48, ext: 'png' })).toBe('A_048.png');
  });

  it('makes the note safe for a file name (letters, digits, - and _; any other run one dash, none at the ends)', () => {
    expect(fileNameFor('OS_<note>_<frame_num2>.<ext>', { note: ' Blue / Sofa: v2 ', frame: 3, frames: 48, ext: 'png' })).toBe(
      'OS_Blue-Sofa-v2_03.png',
    );
    // Issue 43: "blue chair!/.." gave "OS_blue-chair!-.._01.png".
    expect(fileNameFor('OS_<note>_<frame_num2>.<ext>', { note: 'blue chair!/..', frame: 1, frames: 24, ext: 'png' })).toBe(
      'OS_blue-chair_01.png',
    );
    expect(noteSlug('Chêne clair ½')).toBe('Chene-clair');
    expect(noteSlug('../../etc')).toBe('etc');
  });

  it('adds .ext when the pattern has no <ext>, and _nn when it has no frame token', () => {
    expect(fileNameFor('IMG_<frame_num2>', { frame: 2, frames: 12, ext: 'jpg' })).toBe('IMG_02.jpg');
    expect(fileNames({ file_name: 'product.<ext>', frames: 3, file_type: 'png' })).toEqual([
      'product_01.png',
      'product_02.png',
      'product_03.png',
    ]);
    expect(fileNames({ file_name: 'product.<ext>', frames: 1, file_type: 'png' })).toEqual(['product.png']);
  });

  it('never repeats a name (a frame number is added if the pattern would)', () => {
    const names = fileNames({ file_name: '<note>.<ext>', frames: 12, file_type: 'jpg' }, 'x');
    expect(new Set(names).size).toBe(12);
  });

  it('knows which patterns need a note', () => {
    expect(needsNote('<note>_<frame_num2>.<ext>')).toBe(true);
    expect(needsNote('TGT_<frame_num2>.<ext>')).toBe(false);
  });
});
