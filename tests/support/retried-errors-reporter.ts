// Prints what failed on the first try of a test that passed on a retry. Nothing is retried by the
// config, in CI or anywhere (retry 0: a failure is a finding); this is for a retry asked by hand, e.g.
// `npx vitest run --retry 1 <file>` (it overrides the projects' retry 0) to tell a flake from a bug:
// the default reporter shows only "(retry x1)", and a flake cannot be fixed without its error.
import type { Reporter, TestCase } from 'vitest/node';

export default class RetriedErrorsReporter implements Reporter {
  onTestCaseResult(test: TestCase) {
    const result = test.result();
    const retries = test.diagnostic()?.retryCount ?? 0;
    if (result.state !== 'passed' || retries === 0 || !result.errors?.length) return;
    const lines = result.errors.map(
      (e) => `  ${e.name ?? 'Error'}: ${e.message}\n${(e.stack ?? '').split('\n').slice(1, 6).join('\n')}`,
    );
    console.log(`[retried] ${test.module.moduleId.replace(`${process.cwd()}/`, '')} > ${test.fullName}\n${lines.join('\n')}`);
  }
}
