// Runs the browser files (e2e, engines) among the others instead of after them. Each drives its own
// portal and browser, which leave part of the machine idle; a server file fills it. Spread evenly, two
// browser files rarely run at once (vitest alone would queue every file of a project together).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest browser files (2-4 min each), started first: on a fresh clone vitest has no durations
 * and orders by file size, which put the 73-action double-everything (a small file) last, alone.
 */
const LONGEST = [
  'double-everything',
  'engines/webkit',
  'spin-viewer',
  'engines/firefox',
  'review-pins-offline',
  'review.test',
  'review-pins.test',
  'imagery-presets',
  'shell-screens',
  'add-products.test',
];
const BROWSER_PROJECTS = new Set(['e2e', 'engines']);
const rank = (f: TestSpecification) => {
  const i = LONGEST.findIndex((name) => f.moduleId.includes(`/${name}`));
  return i < 0 ? LONGEST.length : i;
};

export default class InterleavingSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the rest keep vitest's order.
    const browser = sorted.filter((f) => BROWSER_PROJECTS.has(f.project.name)).sort((a, b) => rank(a) - rank(b));
    const rest = sorted.filter((f) => !BROWSER_PROJECTS.has(f.project.name));
    if (!browser.length || !rest.length) return sorted;
    const out: TestSpecification[] = [];
    const every = rest.length / browser.length;
    let next = 0;
    rest.forEach((f, i) => {
      if (i >= next * every && next < browser.length) out.push(browser[next++]!);
      out.push(f);
    });
    return [...out, ...browser.slice(next)];
  }
}
