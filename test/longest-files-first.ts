// The order vitest starts test files in. Three files run at a time, so the run ends when its longest
// files do: started last, the interop matrix (about 110 s on a loaded 2-core machine) ran on alone
// for a minute and a half after everything else had finished. The files that take longest start
// first (durations of the clean-clone run of 2026-12-03, in seconds, longest first); then the worker
// project's files, whose start-up (content builds, a workerd per vitest worker) overlaps the node
// project's; then the node project's. Within each group vitest's own order stands: files that failed
// last time, then the longest last time (or, in a fresh clone, the largest).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST_FIRST = [
  'test/suites/clients/client-matrix.e2e.test.ts', // 109
  'test/scripts/publish/wrangler-store.test.ts', // 81
  'test/suites/access/non-interference.workerd.test.ts', // 60
  'test/suites/content/linear-time-parsers.test.ts', // 49
  'test/suites/shim/sign-in-oauth.e2e.test.ts', // 39
  'test/scripts/deploy/deploy.test.ts', // 32
  'test/suites/cli/dev-server.e2e.test.ts', // 31
  'test/suites/shim/shared-sign-in-renewal.e2e.test.ts', // 30
];

export default class LongestFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) =>
      LONGEST_FIRST.findIndex((long) => file.moduleId.endsWith(long));
    const longest = sorted.filter((file) => rank(file) >= 0).sort((a, b) => rank(a) - rank(b));
    const rest = sorted.filter((file) => rank(file) < 0);
    const worker = (file: TestSpecification) => file.project.name === 'worker';
    return [...longest, ...rest.filter(worker), ...rest.filter((file) => !worker(file))];
  }
}
