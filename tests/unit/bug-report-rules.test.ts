// The bug report's checks before sending (document 1 §5, §8 and the server's limits): clear messages
// at each field instead of the server's raw "must be at least 1 characters".
import { describe, expect, it } from 'vitest';
import { checkBugReport, DESCRIPTION_MAX, SUBJECT_MAX } from '../../src/features/bug-report/rules.ts';

describe('bug report checks', () => {
  it('asks for a subject and a description, blanks included', () => {
    expect(checkBugReport('', '')).toEqual({
      subject: 'Enter a subject, a few words that sum up the problem.',
      description: 'Describe what happened and what you expected.',
    });
    expect(checkBugReport('   ', 'It broke.').subject).toMatch(/^Enter a subject/);
    expect(checkBugReport('Broken', ' \n ').description).toMatch(/^Describe/);
  });
  it('keeps to the server’s lengths', () => {
    expect(checkBugReport('s'.repeat(SUBJECT_MAX), 'd')).toEqual({});
    expect(checkBugReport('s'.repeat(SUBJECT_MAX + 1), 'd').subject).toBe('The subject can be at most 255 characters.');
    expect(checkBugReport('s', 'd'.repeat(DESCRIPTION_MAX + 1)).description).toBe(
      'The description can be at most 10,000 characters.',
    );
  });
  it('passes a complete report', () => {
    expect(checkBugReport('Broken button', 'It does nothing.')).toEqual({});
  });
});
