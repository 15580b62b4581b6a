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
