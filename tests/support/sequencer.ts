// Runs the e2e files among the others instead of after them. Each e2e file drives its own portal
// and Chromium, which leave part of the machine idle; a server file fills it. Spread evenly, two
// e2e files rarely run at once (vitest alone would queue every file of a project together).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export default class InterleavingSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = sorted.filter((f) => f.project.name === 'e2e');
    const rest = sorted.filter((f) => f.project.name !== 'e2e');
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
