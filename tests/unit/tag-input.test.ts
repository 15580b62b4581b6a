// TagInput's rules (document 2 §5, §9): comma splitting, case-insensitive matching, no duplicates,
// Enter picking the first containing option only where asked (autoPickFirst, the template screens).
import { describe, expect, it } from 'vitest';
import { commitTyped, splitTyped, suggestions, type TagOption } from '../../src/ui/tag-input.ts';

const known: TagOption[] = [
  { key: 1, label: 'walnut' },
  { key: 2, label: 'Oak' },
  { key: 3, label: 'walnut-dark' },
];
const create = (label: string): TagOption => ({ key: `new:${label}`, label });

describe('tag input rules', () => {
  it('splits finished parts from what is still being typed', () => {
    expect(splitTyped(' WALNUT, fresh , ,walnut,Fre')).toEqual({ complete: ['WALNUT', 'fresh', 'walnut'], rest: 'Fre' });
    expect(splitTyped('oak')).toEqual({ complete: [], rest: 'oak' });
  });

  it('matches options case-insensitively, creates the rest, never twice', () => {
    const out = commitTyped([], known, ' WALNUT, fresh-tag , ,walnut,Fresh-TAG', { create });
    expect(out).toEqual([known[0], { key: 'new:fresh-tag', label: 'fresh-tag' }]);
  });

  it('keeps what is chosen and refuses new names without onCreate', () => {
    expect(commitTyped([known[1]!], known, 'oak, pine', {})).toEqual([known[1]]);
  });

  it('with autoPickFirst, Enter picks the first unselected option containing the text', () => {
    expect(commitTyped([], known, 'nut', { autoPickFirst: true, create })).toEqual([known[0]]);
    expect(commitTyped([known[0]!], known, 'nut', { autoPickFirst: true, create })).toEqual([known[0], known[2]]);
    expect(commitTyped([], known, 'nut', { create })).toEqual([{ key: 'new:nut', label: 'nut' }]);
  });

  it('suggests unchosen options containing the text', () => {
    expect(suggestions([known[0]!], known, 'WAL').map((o) => o.key)).toEqual([3]);
    expect(suggestions([], known, '').length).toBe(3);
  });
});
