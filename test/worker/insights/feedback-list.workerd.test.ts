// feedbackForAuthor (src/worker/insights/feedback-list.ts) against the test D1 and the fixture
// bundle: newest first and bounded; a report naming a document the author's view cannot see —
// restricted, or not there at all — is left out entirely and takes no place of the limit.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EVERY_NEED } from '../../../src/worker/content/bundle-needs.ts';
import type { LoadedBundle } from '../../../src/worker/content/loaded-bundle.ts';
import { currentBundle } from '../../../src/worker/content/store.ts';
import {
  MAX_FEEDBACK_LISTED,
  feedbackForAuthor,
} from '../../../src/worker/insights/feedback-list.ts';
import { knowledgeView } from '../../../src/worker/mcp/knowledge-view.ts';
import { publishFixture, testEnv } from '../../helpers/workerd/helpers.ts';
import { clearFeedback, insightsDb } from '../../helpers/workerd/insights-helpers.ts';

const RESTRICTED = 'security-incident-playbook';
/** 2027-01-15T12:00Z, in minutes. */
const NOON = Date.UTC(2027, 0, 15, 12, 0) / 60_000;
const MS = (minute: number) => minute * 60_000;

let bundle: LoadedBundle;
beforeAll(async () => {
  await publishFixture();
  bundle = (await currentBundle(testEnv, Date.now(), EVERY_NEED))!;
});
beforeEach(clearFeedback);

async function stored(
  rows: Array<{ minute: number; document: string | null; problem: string; category?: string }>,
) {
  const insert = insightsDb().prepare(
    "INSERT INTO feedback (minute, caller, category, document, problem, version) VALUES (?1, 'c', ?2, ?3, ?4, 'v')",
  );
  await insightsDb().batch(
    rows.map((row) => insert.bind(row.minute, row.category ?? 'wrong', row.document, row.problem)),
  );
}

const listed = (groups: string[], limit = 50, since = NOON - 60, until = NOON) =>
  feedbackForAuthor(insightsDb(), knowledgeView(bundle, groups), MS(since), MS(until), limit);

describe('feedbackForAuthor', () => {
  it('lists the period newest first, with the document it is about when the author sees it', async () => {
    await stored([
      { minute: NOON - 61, document: null, problem: 'before the period' },
      {
        minute: NOON - 50,
        document: 'deployment',
        problem: 'canary is 10% now',
        category: 'outdated',
      },
      { minute: NOON - 10, document: null, problem: 'nothing on migrations', category: 'missing' },
      { minute: NOON - 10, document: 'release', problem: 'step 4 is unclear', category: 'unclear' },
      { minute: NOON + 1, document: null, problem: 'after the period' },
    ]);
    expect(await listed([])).toEqual([
      {
        at: '2027-01-15T11:50Z',
        category: 'unclear',
        document: { kind: 'checklists', name: 'release', title: expect.any(String) },
        problem: 'step 4 is unclear',
      },
      { at: '2027-01-15T11:50Z', category: 'missing', problem: 'nothing on migrations' },
      {
        at: '2027-01-15T11:10Z',
        category: 'outdated',
        document: { kind: 'processes', name: 'deployment', title: 'Deployment Process' },
        problem: 'canary is 10% now',
      },
    ]);
  });

  it('leaves out reports on a restricted document for an author outside its group: not named, not counted, no place taken', async () => {
    const visible = [
      { minute: NOON - 40, document: 'deployment', problem: 'visible 1' },
      { minute: NOON - 30, document: null, problem: 'visible 2' },
    ];
    await stored(visible);
    const alone = await listed([], 2);
    await stored([
      { minute: NOON - 5, document: RESTRICTED, problem: 'the playbook leaks the pager number' },
      { minute: NOON - 4, document: RESTRICTED, problem: 'rotate the vault key' },
    ]);
    // The author outside security-team gets exactly what they got before the restricted reports.
    const outsider = await listed([], 2);
    expect(outsider).toEqual(alone);
    expect(JSON.stringify(outsider)).not.toMatch(/playbook|vault|security/i);
    // An author in the group sees them, with the document.
    const insider = await listed(['security-team'], 2);
    expect(insider.map((entry) => entry.problem)).toEqual([
      'rotate the vault key',
      'the playbook leaks the pager number',
    ]);
    expect(insider[0]!.document).toEqual({
      kind: 'processes',
      name: RESTRICTED,
      title: 'Security Incident Playbook',
    });
  });

  it('treats a name no document has like a restricted one: left out (no way to probe which names exist)', async () => {
    await stored([
      { minute: NOON - 3, document: 'no-such-process', problem: 'named nothing' },
      { minute: NOON - 2, document: RESTRICTED, problem: 'named the hidden one' },
      { minute: NOON - 1, document: null, problem: 'named none' },
    ]);
    expect((await listed([])).map((entry) => entry.problem)).toEqual(['named none']);
    expect((await listed(['security-team'])).map((entry) => entry.problem)).toEqual([
      'named none',
      'named the hidden one',
    ]);
  });

  it(`is bounded: at most the limit, never more than ${MAX_FEEDBACK_LISTED}, at least one`, async () => {
    await stored(
      Array.from({ length: MAX_FEEDBACK_LISTED + 5 }, (_, i) => ({
        minute: NOON - 1,
        document: null,
        problem: `report ${i}`,
      })),
    );
    expect(await listed([], 3)).toHaveLength(3);
    expect(await listed([], 10_000)).toHaveLength(MAX_FEEDBACK_LISTED);
    expect(await listed([], 0)).toHaveLength(1);
    // Same minute: the later row first.
    expect((await listed([], 2)).map((entry) => entry.problem)).toEqual([
      `report ${MAX_FEEDBACK_LISTED + 4}`,
      `report ${MAX_FEEDBACK_LISTED + 3}`,
    ]);
  });
});
