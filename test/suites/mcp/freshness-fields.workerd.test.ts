// get and search results add owner, last_changed and stale to the contract's fields, computed at
// request time: the Worker's clock is fixed here (vi.setSystemTime) so the same answer holds on
// any day. A restricted document's freshness reaches only callers who may read it.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { issueLocalToken } from '../../../src/shared/auth/local-token.ts';
import { publishFixture, rpc, rpcMessage, testEnv } from '../../helpers/workerd/helpers.ts';

// deployment.md: owner platform-team, reviewed 2026-11-15, review_days 30 → stale from 2026-12-16;
// restricted.md: owner security-leads, reviewed 2026-11-01, review_days 60 → stale from 2027-01-01.
const FRESH = '2026-12-15T23:00:00Z';
const STALE = '2027-01-01T00:30:00Z';
const RESTRICTED = 'security-incident-playbook';

const call = (name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name, arguments: args },
});

/** The tool's structured answer at the fixed time `at`, for a caller in `groups`. */
async function answerAt(
  at: string,
  name: string,
  args: Record<string, unknown>,
  groups: string[] = [],
) {
  vi.setSystemTime(Date.parse(at));
  const bearer = await issueLocalToken(testEnv.PRAXIS_LOCAL_SECRET!, 'freshness-tester', groups);
  const message = await rpcMessage(await rpc(call(name, args), { token: bearer }));
  const { structuredContent, content } = message.result;
  // The text is the structured answer's JSON (the contract's text format), so it says the same.
  expect(JSON.parse(content[0].text)).toEqual(structuredContent);
  return structuredContent;
}

describe('freshness in document results', () => {
  beforeAll(publishFixture);
  afterEach(() => vi.useRealTimers());

  it('get_process carries owner, last_changed and stale beside the unchanged contract fields', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fresh = await answerAt(FRESH, 'get_process', { name: 'deployment' });
    expect(fresh).toMatchObject({
      name: 'deployment',
      title: 'Deployment Process',
      description: 'Shipping a merged change to production with a canary and automatic rollback.',
      path: 'processes/deployment.md',
      content: expect.stringContaining('# Deployment Process'),
      owner: 'platform-team',
      last_changed: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      stale: false,
    });
    const stale = await answerAt(STALE, 'get_process', { name: 'deployment' });
    expect(stale).toEqual({ ...fresh, stale: true });
  });

  it('search results carry them per result; documents without the keys have stale only when undated', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { results } = await answerAt(STALE, 'search_processes', { query: 'canary rollback' });
    const deployment = results.find((result: { name: string }) => result.name === 'deployment');
    expect(deployment).toMatchObject({ owner: 'platform-team', stale: true });
    expect(deployment.last_changed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const result of results.filter((r: { name: string }) => r.name !== 'deployment')) {
      expect(result).not.toHaveProperty('owner');
      expect(typeof result.stale).toBe('boolean');
    }
  });

  it("a restricted document's freshness reaches only callers who may read it", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const query = { query: 'security incident breach isolate hosts' };
    const holder = await answerAt(STALE, 'search_processes', query, ['security-team']);
    expect(holder.results.find((r: { name: string }) => r.name === RESTRICTED)).toMatchObject({
      owner: 'security-leads',
      stale: true,
    });
    const outsider = await answerAt(STALE, 'search_processes', query, ['engineering']);
    expect(JSON.stringify(outsider)).not.toMatch(/security-leads|security-incident-playbook/);

    // A get of it is the not-found any missing name gets, with no owner or date.
    const hidden = await answerAt(STALE, 'get_process', { name: RESTRICTED }, ['engineering']);
    const missing = await answerAt(STALE, 'get_process', { name: 'no-such-process' }, [
      'engineering',
    ]);
    expect({ ...hidden, message: undefined }).toEqual({ ...missing, message: undefined });
    expect(JSON.stringify(hidden)).not.toMatch(/security-leads|stale|last_changed/);
  });
});
