// The order of the run's files. vitest keeps a non-isolated worker for the next file only when the file
// at the head of the queue is of the same project; any other file ends it, and the next one starts a new
// worker that imports the server, Playwright and the helpers again (3-5 s of CPU). So each project's
// files come together, the projects with the longest files first and the short ones last, where they
// even out the two workers' ends. (The order before put a browser file between every few others to fill
// a browser file's idle moments; the two cores are busy anyway, and it ended a worker after nearly every file.)
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest browser files (1-2 min each), started first: on a fresh clone vitest has no durations
 * and orders by file size, which put the 73-action double-everything (a small file) last, alone.
 * The two engines files start together, beside each other. Keeping them apart (WebKit first, Firefox
 * after the e2e files) was measured too: 914-950 s for the suite against 927-980 s for this order on the
 * same evening (837-871 s on another): the machine's speed moved more than the order did.
 */
const LONGEST = [
  'double-everything',
  'engines/webkit',
  'engines/firefox',
  'imagery-presets',
  'review-pins-offline',
  'review-pins.test',
  'review.test',
  'shell-screens',
  'spin-viewer',
  'live.test',
];
const PROJECTS = ['engines', 'e2e', 'server-pg', 'data', 'server', 'workers', 'unit'];

const rank = (f: TestSpecification) => {
  const i = LONGEST.findIndex((name) => f.moduleId.includes(`/${name}`));
  return i < 0 ? LONGEST.length : i;
};
const projectRank = (f: TestSpecification) => {
  const i = PROJECTS.indexOf(f.project.name);
  return i < 0 ? PROJECTS.length : i;
};

export default class ProjectRunsSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: within a project, the rest keep vitest's order.
    return (await super.sort(files)).sort((a, b) => projectRank(a) - projectRank(b) || rank(a) - rank(b));
  }
}
