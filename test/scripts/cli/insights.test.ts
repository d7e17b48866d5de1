// `praxis insights` (its main, scripts/cli/main.ts, run in this process) against a stand-in for the Worker's GET /insights/report (the route itself is
// tested in workerd: test/suites/insights/report-authors-only.workerd.test.ts): the URL, period,
// cursor and token it sends, the table and json formats, the Worker's refusal as exit 1, and bad
// options as exit 2 before anything is sent.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { praxisInProcess } from '../../helpers/cli-run.ts';

const REPORT = {
  since: '2026-11-26T15:00:00.000Z',
  until: '2026-12-03T15:00:00.000Z',
  version: 'v1',
  gaps: [
    {
      query: 'onboarding buddy',
      terms: ['buddi', 'onboard'],
      callers: 2,
      count: 3,
      firstSeen: '2026-12-01T10:00Z',
      lastSeen: '2026-12-03T14:59Z',
      resultsNow: 0,
      topScoreNow: null,
    },
  ],
  gapsCursor: 'next-page',
  reads: [],
  neverRead: [{ kind: 'processes', name: 'deployment', title: 'Deployment' }],
  stale: [],
  feedback: [],
};

const asked: Array<{ url: string; authorization?: string }> = [];
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    asked.push({ url: request.url!, authorization: request.headers.authorization });
    const refused = request.headers.authorization !== 'Bearer author-token';
    response.writeHead(refused ? 403 : 200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        refused ? { error: 'FORBIDDEN', message: 'The insights report is for authors.' } : REPORT,
      ),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('praxis insights', () => {
  it('asks the route with the period, cursor and token, and prints the table', async () => {
    asked.length = 0;
    const run = await praxisInProcess(
      'insights',
      '--remote',
      `${origin}/mcp`,
      '--since',
      '30d',
      '--cursor',
      'abc',
      '--token',
      'author-token',
    );
    expect(run.code).toBe(0);
    expect(asked).toEqual([
      { url: '/insights/report?since=30d&cursor=abc', authorization: 'Bearer author-token' },
    ]);
    expect(run.stdout).toContain('Gaps: questions your search does not answer (1+)');
    expect(run.stdout).toContain('onboarding buddy');
    expect(run.stdout).toContain(
      `More gaps: praxis insights --remote ${origin} --since 30d --cursor next-page`,
    );
    expect(run.stdout).toContain('processes/deployment');
  });

  it('--format json prints the report as the Worker sent it', async () => {
    const run = await praxisInProcess(
      'insights',
      '--remote',
      origin,
      '--format',
      'json',
      '--token',
      'author-token',
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(REPORT);
  });

  it("the Worker's refusal is exit 1 with its message", async () => {
    const run = await praxisInProcess('insights', '--remote', origin, '--token', 'reader-token');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('answered 403: The insights report is for authors.');
  });

  it('bad options are exit 2, nothing sent', async () => {
    asked.length = 0;
    // A remote Worker without a token is a usage error only when PRAXIS_TOKEN does not give one.
    const token = process.env.PRAXIS_TOKEN;
    delete process.env.PRAXIS_TOKEN;
    for (const args of [
      ['--format', 'xml'],
      ['--local', '--remote', origin],
      ['--remote', 'not a url'],
      ['--remote', 'https://praxis.example.com'],
      ['report'],
    ]) {
      const run = await praxisInProcess('insights', ...args);
      expect(run.code, args.join(' ')).toBe(2);
    }
    if (token !== undefined) process.env.PRAXIS_TOKEN = token;
    expect(asked).toEqual([]);
  });
});
