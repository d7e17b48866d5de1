// Insights under `praxis dev`, end to end: the local D1 database gets migrations/ applied in the
// state folder wrangler dev serves, the banner says insights are on, a search through the real
// Worker leaves one row (read back with wrangler d1 execute), a report_problem call one feedback row,
// and `praxis insights forget` deletes them as an author — a reader's token is refused. Then the
// loop an author lives in: a reader's agent asks what the content cannot answer, three times; the
// author sees the gap in `praxis insights` and in the authors' MCP tool (which the reader is neither
// offered nor may call); the author writes the document, `--watch` publishes it, and the gap shows
// as answered since that version. Every `praxis` here is the CLI as a process (bin/praxis.mjs).
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnPraxisDev, type RunningDev } from '../../../scripts/dev/spawn-praxis-dev.ts';
import { runWrangler, wranglerJson } from '../../../scripts/dev/wrangler.ts';
import { praxis } from '../../helpers/cli-run.ts';
import { eventually } from '../../helpers/eventually.ts';
import { localD1Rows } from '../../helpers/node/local-d1-rows.ts';
import { mcpCall } from '../../helpers/node/mcp-over-http.ts';

const FIXTURE = new URL('../../fixtures/content', import.meta.url).pathname;

let dev: RunningDev;
let content: string;
beforeAll(async () => {
  content = mkdtempSync(join(tmpdir(), 'praxis-insights-content-'));
  cpSync(FIXTURE, content, { recursive: true });
  dev = await spawnPraxisDev(['--content', content, '--watch']);
}, 180_000);
afterAll(async () => {
  await dev?.stop();
  if (content) rmSync(content, { recursive: true, force: true });
});

async function tokenFor(...args: string[]): Promise<string> {
  const run = await praxis('token', ...args);
  expect(run.code, run.stderr).toBe(0);
  return run.stdout.trim();
}

async function search(bearer: string, query: string): Promise<void> {
  await callTool(bearer, 'search_processes', { query });
}

async function callTool(bearer: string, name: string, args: Record<string, unknown>) {
  return rpc(bearer, 'tools/call', { name, arguments: args });
}

/** One JSON-RPC call to /mcp; its answer's message. */
const rpc = (bearer: string, method: string, params: Record<string, unknown>): Promise<any> =>
  mcpCall(dev.url, bearer, method, params);

/** The content version praxis dev serves. */
async function servedVersion(): Promise<string> {
  const response = await fetch(new URL('/healthz', dev.url));
  return ((await response.json()) as { version: string }).version;
}

/**
 * `praxis insights --format json` as an author, of this praxis dev (on a port of its own, so named by
 * --remote; on a loopback URL the CLI mints a development author token, as with --local).
 */
async function reportJson(): Promise<any> {
  const run = await praxis('insights', '--remote', dev.url, '--since', '1d', '--format', 'json');
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
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

/** The same rows read straight from the local database's SQLite file (no wrangler process). */
const storedRows = (table = 'usage_events') => localD1Rows(dev.stateDir, table);

describe('insights under praxis dev', () => {
  it('migrates the local database and says insights are on', () => {
    expect(dev.output()).toContain('praxis: local insights database migrated');
    expect(dev.output()).toContain('Insights are ON: one usage event per tool call');
  });

  it('a search leaves one row; an author forgets it, a reader may not', async () => {
    await search(await tokenFor('--subject', 'alice'), '  Code REVIEW  checklist ');
    await eventually(storedRows, (found) => found.length > 0);
    // What docs/insights.md shows: the row read back with wrangler's own command.
    const rows = await localRows();
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
    expect(await storedRows('feedback')).toEqual([
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
    expect(await storedRows()).toHaveLength(2);

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
    expect(await storedRows()).toEqual([]);
    expect(await storedRows('feedback')).toEqual([]);
  }, 120_000);

  it('the loop: a question asked three times is a gap to the author, then answered since the version that answers it', async () => {
    const GAP = 'travel expenses for a conference';
    const reader = await tokenFor('--subject', 'dana');
    for (let i = 0; i < 3; i++) await search(reader, GAP);
    await eventually(storedRows, (found) => found.length >= 3);

    const before = await reportJson();
    expect(before.gaps).toContainEqual(
      expect.objectContaining({ query: GAP, callers: 1, count: 3, resultsNow: 0 }),
    );
    const table = await praxis('insights', '--remote', dev.url, '--since', '1d');
    expect(table.stdout).toMatch(/1 +3 +none +travel expenses for a conference/);

    // The authors' tool: offered to an author, neither offered to nor callable by the reader.
    const author = await tokenFor('--subject', 'an-author', '--group', 'praxis-authors');
    const listed = async (bearer: string) =>
      (await rpc(bearer, 'tools/list', {})).result.tools.map((tool: { name: string }) => tool.name);
    expect(await listed(author)).toContain('insights_report');
    expect(await listed(reader)).not.toContain('insights_report');
    const refused = await callTool(reader, 'insights_report', { since: '1d' });
    expect(JSON.stringify(refused)).not.toContain(GAP);
    expect(refused.result?.isError ?? refused.error !== undefined).toBe(true);
    const told = await callTool(author, 'insights_report', { since: '1d' });
    expect(told.result.content[0].text).toContain(`1. \`${GAP}\` — 1 caller, asked 3 times`);

    // The author writes the document; --watch builds and publishes it.
    const first = await servedVersion();
    writeFileSync(
      join(content, 'processes/travel-expenses.md'),
      '---\ntitle: Travel Expenses for a Conference\ndescription: How to claim travel expenses for a conference.\n---\n' +
        '# Travel Expenses for a Conference\n\nBook travel for a conference through the travel desk, keep every receipt, and claim the expenses within 30 days.\n',
    );
    const answering = await eventually(servedVersion, (version) => version !== first);
    expect(answering).not.toBe(first);

    const after = await reportJson();
    expect(after.version).toBe(answering);
    expect(after.gaps).toContainEqual(
      expect.objectContaining({ query: GAP, count: 3, answeredSince: answering }),
    );
    const now = await callTool(reader, 'search_processes', { query: GAP });
    expect(now.result.structuredContent.results[0].name).toBe('travel-expenses');
  }, 180_000);
});
