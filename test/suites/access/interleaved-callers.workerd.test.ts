// One isolate serves many callers at once, and what it builds once and reuses (the MCP handler, tool
// definitions, views, parsed shards) must never carry one caller's principal into another's
// answer. Two callers of different groups send requests interleaved concurrently — searches,
// gets, lists and tools/list, in both protocol eras — and each answer must be exactly the one that
// caller gets when it asks alone.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  callTool,
  cloudEnv,
  connectWithToken,
  listTools,
  mcpPost,
  tokenWithGroups,
} from '../../helpers/workerd/auth-helpers.ts';
import { publishFixture } from '../../helpers/workerd/helpers.ts';

const SEARCH = 'security incident breach isolate hosts';
const RESTRICTED = 'security-incident-playbook';
/** The restricted document's title and a line of its body: never echoed from a request. */
const TRACES = ['Security Incident Playbook', 'Isolate the affected hosts'];

const requests = [
  listTools,
  callTool('search_processes', { query: SEARCH }),
  callTool('search_processes', { query: 'incident' }),
  callTool('get_process', { name: RESTRICTED }),
  callTool('list_processes', {}),
];

/** The answer's JSON-RPC result or error as text (a JSON body or the last SSE data frame). */
async function answerOf(response: Response): Promise<string> {
  const body = await response.text();
  const json = body.startsWith('{')
    ? body
    : (body
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .at(-1)
        ?.slice(5) ?? body);
  const message = JSON.parse(json) as { result?: unknown; error?: unknown };
  return `${response.status} ${JSON.stringify(message.result ?? message.error)}`;
}

describe('callers interleaved on one isolate', () => {
  beforeAll(publishFixture);

  it('each see only what their own groups allow, whatever the other caller sends at the same time', async () => {
    const env = cloudEnv();
    const holder = await tokenWithGroups('interleaved-holder', ['security-team']);
    const outsider = await tokenWithGroups('interleaved-outsider', ['engineering']);
    const send = (bearer: string, body: unknown) => mcpPost(body, bearer, env).then(answerOf);
    // Each caller alone first: the answers every interleaved one must equal.
    const alone = new Map<string, string>();
    for (const bearer of [holder, outsider]) {
      for (const [i, body] of requests.entries())
        alone.set(`${bearer} ${i}`, await send(bearer, body));
    }
    // The two callers really are told different things by every tool call (else this test could not
    // fail); tools/list is the same for both on this fixture, and is here for the shared definitions.
    for (const i of [1, 2, 3, 4])
      expect(alone.get(`${holder} ${i}`)).not.toBe(alone.get(`${outsider} ${i}`));
    expect(alone.get(`${holder} 1`)).toContain(RESTRICTED);
    expect(alone.get(`${outsider} 1`)).not.toContain(RESTRICTED);

    // Now many at once, the callers alternating, so requests of both are in flight together.
    const jobs: Array<{ key: string; answer: Promise<string> }> = [];
    for (let round = 0; round < 6; round++) {
      for (const [i, body] of requests.entries()) {
        for (const bearer of round % 2 ? [outsider, holder] : [holder, outsider]) {
          jobs.push({ key: `${bearer} ${i}`, answer: send(bearer, body) });
        }
      }
    }
    const answers = await Promise.all(
      jobs.map(async ({ key, answer }) => ({ key, answer: await answer })),
    );
    const wrong = answers.filter(({ key, answer }) => answer !== alone.get(key));
    expect(
      wrong.map(
        ({ key, answer }) =>
          `${key.startsWith(holder) ? 'holder' : 'outsider'} request ${key.split(' ')[1]}: ${answer.slice(0, 300)}`,
      ),
    ).toEqual([]);
    for (const { key, answer } of answers)
      if (key.startsWith(outsider)) for (const trace of TRACES) expect(answer).not.toContain(trace);
  });

  it('each complete resource-template variables and list templates from their own view, asked at the same time', async () => {
    // The templates (their completions over the caller's record ids and wiki modules, the wiki
    // template's description naming the modules) are built once per view and reused: a leadership
    // caller sees the restricted record, an engineering caller must never get it from the other's.
    const env = cloudEnv();
    const holder = await tokenWithGroups('interleaved-leader', ['leadership']);
    const outsider = await tokenWithGroups('interleaved-engineer', ['engineering']);
    const complete = (uri: string, name: string, value: string) => ({
      jsonrpc: '2.0',
      id: 3,
      method: 'completion/complete',
      params: { ref: { type: 'ref/resource', uri }, argument: { name, value } },
    });
    const asks = [
      complete('vitaegraph://record/{id}', 'id', 'p'),
      complete('vitaegraph://record/{id}', 'id', ''),
      complete('vitaecontext://wiki/{module}', 'module', ''),
      { jsonrpc: '2.0', id: 4, method: 'resources/templates/list', params: {} },
    ];
    const send = (bearer: string, body: unknown) => mcpPost(body, bearer, env).then(answerOf);
    const alone = new Map<string, string>();
    for (const bearer of [holder, outsider])
      for (const [i, body] of asks.entries()) alone.set(`${bearer} ${i}`, await send(bearer, body));
    expect(alone.get(`${holder} 0`)).toContain('project-vendor-migration');
    expect(alone.get(`${outsider} 0`)).not.toContain('project-vendor-migration');
    const jobs: Array<{ key: string; answer: Promise<string> }> = [];
    for (let round = 0; round < 6; round++) {
      for (const [i, body] of asks.entries()) {
        for (const bearer of round % 2 ? [outsider, holder] : [holder, outsider])
          jobs.push({ key: `${bearer} ${i}`, answer: send(bearer, body) });
      }
    }
    const answers = await Promise.all(
      jobs.map(async ({ key, answer }) => ({ key, answer: await answer })),
    );
    expect(
      answers
        .filter(({ key, answer }) => answer !== alone.get(key))
        .map(
          ({ key, answer }) =>
            `${key.startsWith(holder) ? 'leader' : 'engineer'} ask ${key.split(' ')[1]}: ${answer.slice(0, 300)}`,
        ),
    ).toEqual([]);
    for (const { key, answer } of answers)
      if (key.startsWith(outsider)) expect(answer).not.toContain('project-vendor-migration');
  });

  it('keep the eras apart too: 2025-era requests of one caller between modern ones (the official client) of the other', async () => {
    const env = cloudEnv();
    const holder = await tokenWithGroups('interleaved-holder', ['security-team']);
    const outsider = await tokenWithGroups('interleaved-outsider', ['engineering']);
    const [holderClient, outsiderClient] = await Promise.all([
      connectWithToken(holder, env),
      connectWithToken(outsider, env),
    ]);
    try {
      const search = { name: 'search_processes', arguments: { query: SEARCH } };
      const names = (result: { structuredContent?: unknown }) =>
        JSON.stringify(
          (result.structuredContent as { results: Array<{ name: string }> }).results.map(
            (hit) => hit.name,
          ),
        );
      const legacy = (bearer: string) =>
        mcpPost(callTool('search_processes', { query: SEARCH }), bearer, env).then(answerOf);
      const [
        outsiderLegacy,
        holderModern,
        holderLegacy,
        outsiderModern,
        outsiderLegacyAgain,
        holderModernAgain,
      ] = await Promise.all([
        legacy(outsider),
        holderClient.callTool(search).then(names),
        legacy(holder),
        outsiderClient.callTool(search).then(names),
        legacy(outsider),
        holderClient.callTool(search).then(names),
      ]);
      expect(holderModern).toContain(RESTRICTED);
      expect(holderLegacy).toContain(RESTRICTED);
      expect(outsiderLegacy).not.toContain(RESTRICTED);
      expect(outsiderModern).not.toContain(RESTRICTED);
      expect(outsiderLegacyAgain).toBe(outsiderLegacy);
      expect(holderModernAgain).toBe(holderModern);
    } finally {
      await Promise.all([holderClient.close(), outsiderClient.close()]);
    }
  });
});
