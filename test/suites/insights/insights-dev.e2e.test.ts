// Insights under `praxis dev`, end to end: the local D1 database gets migrations/ applied in the
// state folder wrangler dev serves, the banner says insights are on, a search through the real
// Worker leaves one row (read back with wrangler d1 execute), a report_problem call one feedback row,
// and `praxis insights forget` deletes them as an author — a reader's token is refused. Every `praxis` here is the CLI as a process (bin/praxis.mjs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnPraxisDev, type RunningDev } from '../../../scripts/dev/spawn-praxis-dev.ts';
import { runWrangler, wranglerJson } from '../../../scripts/dev/wrangler.ts';
import { praxis } from '../../helpers/cli-run.ts';

const FIXTURE = new URL('../../fixtures/content', import.meta.url).pathname;

let dev: RunningDev;
beforeAll(async () => {
  dev = await spawnPraxisDev(['--content', FIXTURE]);
}, 180_000);
afterAll(() => dev?.stop());

async function tokenFor(...args: string[]): Promise<string> {
  const run = await praxis('token', ...args);
  expect(run.code, run.stderr).toBe(0);
  return run.stdout.trim();
}

async function search(bearer: string, query: string): Promise<void> {
  await callTool(bearer, 'search_processes', { query });
}

async function callTool(bearer: string, name: string, args: Record<string, unknown>) {
  const response = await fetch(dev.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${bearer}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name, arguments: args },
    }),
  });
  expect(response.status).toBe(200);
  await response.text();
}

/** The rows of the local insights database, as `wrangler d1 execute INSIGHTS --local` prints them. */
async function localRows(table = 'usage_events'): Promise<Array<Record<string, unknown>>> {
  const args = [
    'd1',
    'execute',
    'INSIGHTS',
    '--local',
    '--persist-to',
    dev.stateDir,
    '--json',
    '--command',
    `select * from ${table}`,
  ];
  const [{ results }] = wranglerJson<Array<{ results: Array<Record<string, unknown>> }>>(
    (await runWrangler(args)).stdout,
    args,
  );
  return results;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const value = await read();
    if (done(value) || attempt > 40) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('insights under praxis dev', () => {
  it('migrates the local database and says insights are on', () => {
    expect(dev.output()).toContain('praxis: local insights database migrated');
    expect(dev.output()).toContain('Insights are ON: one usage event per tool call');
  });

  it('a search leaves one row; an author forgets it, a reader may not', async () => {
    await search(await tokenFor('--subject', 'alice'), '  Code REVIEW  checklist ');
    const rows = await until(localRows, (found) => found.length > 0);
    expect(rows).toEqual([
      expect.objectContaining({
        tool: 'search_processes',
        kind: 'search',
        query: 'code review checklist',
        is_error: 0,
        caller: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    ]);
    expect(JSON.stringify(rows)).not.toContain('alice');
    // Agent feedback: migrations/0003 applied to the real local D1, the report stored before the answer.
    await callTool(await tokenFor('--subject', 'alice'), 'report_problem', {
      category: 'outdated',
      document: 'Deployment',
      problem: 'The canary step is out of date.',
    });
    expect(await localRows('feedback')).toEqual([
      expect.objectContaining({
        category: 'outdated',
        document: 'deployment',
        problem: 'The canary step is out of date.',
        caller: rows[0]!.caller,
      }),
    ]);

    const reader = await praxis(
      'insights',
      'forget',
      '--subject',
      'alice',
      '--url',
      dev.url,
      '--token',
      await tokenFor('--subject', 'reader'),
    );
    expect(reader.code).toBe(1);
    expect(reader.stderr).toContain('answered 403');
    expect(await until(localRows, (found) => found.length === 2)).toHaveLength(2);

    const author = await praxis(
      'insights',
      'forget',
      '--subject',
      'alice',
      '--url',
      dev.url,
      '--token',
      await tokenFor('--subject', 'an-author', '--group', 'praxis-authors'),
    );
    expect(author.stdout).toContain(
      'praxis insights: forgot alice: 2 usage event(s) deleted, 1 feedback report(s) deleted',
    );
    expect(author.code).toBe(0);
    expect(await localRows()).toEqual([]);
    expect(await localRows('feedback')).toEqual([]);
  }, 120_000);
});
