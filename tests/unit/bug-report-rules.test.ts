// The bug report's checks before sending (document 1 §5, §8): the contract's rules (the server's own),
// clear messages at each field for a blank subject or description, lengths in the validator's words.
import { describe, expect, it } from 'vitest';
import { bugReportRules } from '../../src/api/contract/rules/bug-report.ts';
import { checkBugReport } from '../../src/features/bug-report/rules.ts';

const SUBJECT_MAX = bugReportRules.subject.max;
const DESCRIPTION_MAX = bugReportRules.description.max;

describe('bug report checks', () => {
  it('asks for a subject and a description, blanks included', () => {
    expect(checkBugReport('', '')).toEqual({
      subject: 'Enter a subject, a few words that sum up the problem.',
      description: 'Describe what happened and what you expected.',
    });
    expect(checkBugReport('   ', 'It broke.').subject).toMatch(/^Enter a subject/);
    expect(checkBugReport('Broken', ' \n ').description).toMatch(/^Describe/);
  });
  it('keeps to the server’s lengths, in its words', () => {
    expect([SUBJECT_MAX, DESCRIPTION_MAX]).toEqual([255, 10_000]);
    expect(checkBugReport('s'.repeat(SUBJECT_MAX), 'd')).toEqual({});
    expect(checkBugReport('s'.repeat(SUBJECT_MAX + 1), 'd').subject).toBe(
      'The subject field must not be greater than 255 characters.',
    );
    expect(checkBugReport('s', 'd'.repeat(DESCRIPTION_MAX + 1)).description).toBe(
      'The description field must not be greater than 10000 characters.',
    );
  });
  it('passes a complete report', () => {
    expect(checkBugReport('Broken button', 'It does nothing.')).toEqual({});
  });
});

describe('bug report attachments', () => {
  it('previews a JPG or PNG only when it decodes; a corrupt one is still attached, as a file (issue 43)', async () => {
    const { previewedAttachments } = await import('../../src/features/bug-report/rules.ts');
    const { uploadCheck } = await import('../../src/api/upload-check.ts');
    const decodes = async (bytes: Uint8Array) => bytes[0] === 0x89;
    const a = previewedAttachments(uploadCheck('any', { decode: decodes }), decodes);
    const good = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'shot.png');
    const broken = new File([new Uint8Array([1, 2, 3, 4])], 'broken.png');
    const notes = new File(['steps'], 'notes.txt');
    const out = await a.check([good, broken, notes]);
    expect(out.ok.map((f) => f.name)).toEqual(['shot.png', 'broken.png', 'notes.txt']);
    expect([good, broken, notes].map(a.previewed)).toEqual([true, false, false]);
  });
});
