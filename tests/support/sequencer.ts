// The order of the run's files. vitest keeps a non-isolated worker for the next file only when the file
// at the head of the queue is of the same project; any other file ends it, and the next one starts a new
// worker that imports the server, Playwright and the helpers again (3-5 s of CPU). So each project's
// files come together, the projects with the longest files first and the short ones last, where they
// even out the two workers' ends. (Interleaving a browser file between every few others ended a worker
// after nearly every file: 979-1,018 s against 837-871 s for the whole suite.)
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The run's groups in order. The two engines files are kept apart, WebKit first and Firefox after the
 * e2e files: side by side, each at its 3840 px zip, WebKit once lost its WebDriver session.
 */
const GROUPS: ((f: TestSpecification) => boolean)[] = [
  (f) => f.moduleId.endsWith('/engines/webkit.test.ts'),
  (f) => f.project.name === 'e2e',
  (f) => f.project.name === 'engines',
  (f) => f.project.name === 'server-pg',
  (f) => f.project.name === 'data',
  (f) => f.project.name === 'server',
  (f) => f.project.name === 'workers',
  (f) => f.project.name === 'unit',
];

/**
 * The longest browser files (1-2 min each), first within their group: on a fresh clone vitest has no
 * durations and orders by file size, which put the 73-action double-everything (a small file) last, alone.
 */
const LONGEST = [
  'double-everything',
  'imagery-presets',
  'live.test',
  'review-pins.test',
  'review.test',
  'shell-screens',
  'product-info',
  'shell-session',
  'spin-viewer',
  'review-pins-offline',
];

const indexOr = (i: number, none: number) => (i < 0 ? none : i);
const groupOf = (f: TestSpecification) =>
  indexOr(
    GROUPS.findIndex((fits) => fits(f)),
    GROUPS.length,
  );
const rank = (f: TestSpecification) =>
  indexOr(
    LONGEST.findIndex((name) => f.moduleId.includes(`/${name}`)),
    LONGEST.length,
  );

export default class ProjectRunsSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: within a group, the rest keep vitest's order.
    return (await super.sort(files)).sort((a, b) => groupOf(a) - groupOf(b) || rank(a) - rank(b));
  }
}
