// @vitest-environment jsdom
// FileDrop: a check that fails (its code could not load on a dropped connection) adds nothing and says
// so for each file, instead of the pick doing nothing; a later pick is checked again.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FileDrop, type FileVerdicts } from '../../src/ui/FileDrop.tsx';

describe('FileDrop', () => {
  it('lists each file as not checked when its check throws, and takes the next pick', async () => {
    const picked: File[][] = [];
    const check = vi
      .fn<(files: File[]) => Promise<FileVerdicts>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementation(async (files) => ({ ok: files, refused: [] }));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<FileDrop label="Add images" multiple files={[]} check={check} onPick={(ok) => picked.push(ok)} />);
    const input = screen.getByLabelText('Add images') as HTMLInputElement;
    const file = new File(['x'], 'chair.png', { type: 'image/png' });
    await act(async () => void fireEvent.change(input, { target: { files: [file] } }));
    expect(screen.getByRole('list', { name: 'Files not added' }).textContent).toBe(
      'chair.png: This file could not be checked. Choose it again.',
    );
    expect(picked).toEqual([[]]);
    await act(async () => void fireEvent.change(input, { target: { files: [file] } }));
    expect(picked).toEqual([[], [file]]);
    expect(screen.queryByRole('list', { name: 'Files not added' })).toBeNull();
  });
});
