// Writes when each test file started and ended (.tmp/timeline.json), so the suite's wall time can be
// read as what ran beside what: a long file left alone at the end, a group that waits on another.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

interface Span {
  file: string;
  project: string;
  start: number;
  end?: number;
}

export default class TimelineReporter implements Reporter {
  private readonly began = Date.now();
  private readonly spans = new Map<string, Span>();

  onTestModuleStart(module: TestModule) {
    const file = module.moduleId.replace(`${process.cwd()}/`, '');
    this.spans.set(module.moduleId, { file, project: module.project.name, start: Date.now() - this.began });
  }

  onTestModuleEnd(module: TestModule) {
    const span = this.spans.get(module.moduleId);
    if (span) span.end = Date.now() - this.began;
  }

  onTestRunEnd() {
    mkdirSync('.tmp', { recursive: true });
    const spans = [...this.spans.values()].sort((a, b) => a.start - b.start);
    writeFileSync('.tmp/timeline.json', JSON.stringify({ wallMs: Date.now() - this.began, spans }, null, 1));
  }
}
