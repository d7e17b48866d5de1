// The order vitest starts test files in: the worker project's files before the node project's.
// vitest's own order runs one project's files after the other's, alphabetically (node, then
// worker), so the worker project started only when the node queue ran dry and paid its start-up
// (content builds, a workerd per vitest worker) with the machine idle around it, and its longest file
// (non-interference) ran last and alone. Started first, the worker project's start-up and that file
// overlap the node project's. Within each project vitest's order stands: files that failed last
// time, then the longest last time (or, in a fresh clone, the largest).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export default class WorkerProjectFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const worker = (file: TestSpecification) => file.project.name === 'worker';
    return [...sorted.filter(worker), ...sorted.filter((file) => !worker(file))];
  }
}
