// Presence's line under the avatars (issue 44): the others' names, two at most, then a count.
import { describe, expect, it } from 'vitest';
import { hereLine } from '../../src/ui/PeopleHere.tsx';

describe('who else is here', () => {
  it('names one or two, then counts', () => {
    expect(hereLine(['Victor Viewer'])).toBe('Victor Viewer is here too');
    expect(hereLine(['Ann', 'Bo'])).toBe('Ann and Bo are here too');
    expect(hereLine(['Ann', 'Bo', 'Cy'])).toBe('Ann, Bo and Cy are here too');
    expect(hereLine(['Ann', 'Bo', 'Cy', 'Di'])).toBe('Ann, Bo and 2 others are here too');
  });
});
