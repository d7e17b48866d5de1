// The insights report over real usage events (recorded by real /mcp calls) and the real fixture
// bundle: gaps ranked by distinct callers and count, near-duplicates merged, the author's own search
// deciding what is a gap, pages and their cursors, answered-since across a republish, reads,
// conversions and never-read documents.
import { beforeEach, describe, expect, it } from 'vitest';
import { analyseQuery } from '../../../src/worker/content/search/query-terms.ts';
import { WEAK_SCORE } from '../../../src/worker/insights/question-now.ts';
import { InvalidReportCursor } from '../../../src/worker/insights/report.ts';
import { termsKeyOf } from '../../../src/worker/insights/terms-key.ts';
import { epochMinute, writeUsageEvents } from '../../../src/worker/insights/usage-events.ts';
import { publishFixture, publishProvided } from '../../helpers/workerd/helpers.ts';
import { insightsDb, storedEvents } from '../../helpers/workerd/insights-helpers.ts';
import { callAs, clearInsights, reportAs, searchAs } from '../../helpers/workerd/report-helpers.ts';

beforeEach(async () => {
  await publishFixture();
  await clearInsights();
});

describe('gaps', () => {
  it('merges near-duplicates by their terms and ranks by distinct callers, then count', async () => {
    await searchAs('alice', 'Onboarding buddy?');
    await searchAs('bob', 'onboarding   buddies');
    await searchAs('carol', 'ONBOARDING BUDDY');
    await searchAs('alice', 'kubernetes autoscaling');
    await searchAs('alice', 'autoscaling kubernetes');
    await searchAs('bob', 'vendor contracts');
    // A question the fixture answers is no gap.
    await searchAs('dave', 'deployment canary rollback');
    const events = await storedEvents();
    expect(new Set(events.map((event) => (event as any).terms)).size).toBe(4);

    const report = await reportAs();
    expect(
      report.gaps.map(({ query, terms, callers, count }) => ({ query, terms, callers, count })),
    ).toEqual([
      { query: 'onboarding buddy', terms: ['buddi', 'onboard'], callers: 3, count: 3 },
      { query: 'autoscaling kubernetes', terms: ['autosc', 'kubernet'], callers: 1, count: 2 },
      { query: 'vendor contracts', terms: ['contract', 'vendor'], callers: 1, count: 1 },
    ]);
    for (const gap of report.gaps) {
      expect(gap.resultsNow === 0 || (gap.topScoreNow ?? 0) < WEAK_SCORE).toBe(true);
      expect(gap.answeredSince).toBeUndefined();
      expect(gap.firstSeen).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\dZ$/);
      expect(gap.lastSeen >= gap.firstSeen).toBe(true);
    }
    expect(report.gapsCursor).toBeUndefined();
  });

  it("decides by the author's own search now, never by what the asker's search found", async () => {
    // Only security-team may read the playbook; its member's search found it and that was stored.
    const asked = await searchAs('sec', 'suspected breach', ['security-team']);
    expect(asked.result.structuredContent.results[0].name).toBe('security-incident-playbook');
    const [event] = await storedEvents();
    expect(event!.result_count).toBeGreaterThan(0);

    const author = await reportAs();
    expect(author.gaps).toMatchObject([
      { query: 'suspected breach', resultsNow: 0, topScoreNow: null },
    ]);
    expect(JSON.stringify(author)).not.toContain('security-incident-playbook');
    expect(JSON.stringify(author)).not.toContain('Security Incident');
    // An author who may read the playbook is answered: no gap.
    expect((await reportAs(['praxis-authors', 'security-team'])).gaps).toEqual([]);
  });

  it('counts a weak match as a gap: results, but the best under the threshold', async () => {
    await searchAs('alice', 'merge kubernetes helm terraform autoscaling quotas');
    const [gap] = (await reportAs()).gaps;
    expect(gap).toBeDefined();
    expect(gap!.resultsNow).toBeGreaterThan(0);
    expect(gap!.topScoreNow!).toBeLessThan(WEAK_SCORE);
  });

  it('pages through every question once, in rank order, the period fixed by the cursor', async () => {
    const minute = epochMinute(Date.now());
    const questions = Array.from({ length: 45 }, (_, i) => `zyx${String(i).padStart(2, '0')} wq`);
    await writeUsageEvents(
      insightsDb(),
      questions.flatMap((query, i) =>
        // Question i is asked by (45 - i) % 4 + 1 callers: ties broken by the key.
        Array.from({ length: ((45 - i) % 4) + 1 }, (_, c) => ({
          minute,
          caller: `caller-${c}`,
          tool: 'search_processes',
          kind: 'search',
          query,
          resultCount: 0,
          topScore: null,
          names: '[]',
          isError: 0 as const,
          version: null,
          terms: termsKeyOf(analyseQuery(query).terms),
        })),
      ),
    );
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await reportAs(undefined, cursor);
      sizes.push(page.gaps.length);
      seen.push(...page.gaps.map((gap) => gap.query));
      cursor = page.gapsCursor;
    } while (cursor);
    expect(sizes).toEqual([20, 20, 5]);
    const expected = [...questions].sort(
      (a, b) =>
        ((45 - questions.indexOf(b)) % 4) - ((45 - questions.indexOf(a)) % 4) ||
        (termsKeyOf(analyseQuery(a).terms)! < termsKeyOf(analyseQuery(b).terms)! ? -1 : 1),
    );
    expect(seen).toEqual(expected);
  });

  it('refuses a cursor it did not give, with a message', async () => {
    const week = 7 * 24 * 60 * 60 * 1000;
    const cursorOf = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
    for (const bad of [
      'not a cursor!',
      'x'.repeat(300),
      cursorOf({ since: 1 }),
      cursorOf({ since: 10, until: 5, offset: 0 }),
      cursorOf({ since: 0, until: 400 * 24 * 60 * 60 * 1000, offset: 0 }),
      cursorOf({ since: 0, until: week, offset: -1 }),
      cursorOf({ since: 0, until: week, offset: 1_000_000 }),
      cursorOf([1, 2, 3]),
    ]) {
      const refused = await reportAs(undefined, bad).catch((error: unknown) => error);
      expect(refused, bad).toBeInstanceOf(InvalidReportCursor);
      expect((refused as Error).message).toContain('gapsCursor');
    }
  });

  it('shows a gap a later version answers as answered since that version, once', async () => {
    const fixture = await publishFixture();
    await searchAs('alice', 'onboarding buddy');
    const before = await reportAs();
    expect(before.version).toBe(fixture);
    expect(before.gaps).toMatchObject([{ query: 'onboarding buddy', resultsNow: 0 }]);

    // content/ has an onboarding process: published as `praxis publish` would.
    const shipped = await publishProvided('shippedBundle');
    const after = await reportAs();
    expect(after.version).toBe(shipped);
    expect(after.gaps).toHaveLength(1);
    expect(after.gaps[0]).toMatchObject({ query: 'onboarding buddy', answeredSince: shipped });
    expect(after.gaps[0]!.topScoreNow!).toBeGreaterThanOrEqual(WEAK_SCORE);
    // Another report leaves the recorded version as it was.
    expect((await reportAs()).gaps[0]!.answeredSince).toBe(shipped);
    // Another access has its own history: never seen unanswered there, so not listed.
    expect((await reportAs(['praxis-authors', 'other'])).gaps).toEqual([]);
  });
});

describe('reads', () => {
  it('counts reads, readers, searches into a document and search-to-read conversions', async () => {
    await searchAs('alice', 'deployment canary');
    await callAs('alice', 'get_process', { name: 'deployment' });
    await callAs('bob', 'get_process', { name: 'deployment' });
    await callAs('bob', 'get_process', { name: 'deployment' });
    await callAs('bob', 'get_checklist', { name: 'release' });
    await callAs('carol', 'get_process', { name: 'nope' });
    await callAs('sec', 'get_process', { name: 'security-incident-playbook' }, ['security-team']);
    const report = await reportAs();
    const deployment = report.reads.find((entry) => entry.name === 'deployment')!;
    expect(deployment).toEqual({
      kind: 'processes',
      name: 'deployment',
      title: 'Deployment Process',
      reads: 3,
      readers: 2,
      searchedInto: 1,
      conversions: 1,
    });
    expect(report.reads[0]!.name).toBe('deployment');
    expect(report.reads.find((entry) => entry.name === 'release')).toMatchObject({
      kind: 'checklists',
      reads: 1,
      conversions: 0,
    });
    // A process named like a read checklist is still never read.
    const never = report.neverRead.map((ref) => `${ref.kind}/${ref.name}`);
    expect(never).toContain('processes/code-review');
    expect(never).toContain('checklists/code-review');
    expect(never).not.toContain('processes/deployment');
    expect(never).not.toContain('checklists/release');
    // The restricted playbook, read by its group, is neither counted nor listed for this author.
    expect(JSON.stringify(report)).not.toContain('security-incident-playbook');
    // Its reader's author colleague with the group sees it.
    const sec = await reportAs(['praxis-authors', 'security-team']);
    expect(sec.reads.map((entry) => entry.name)).toContain('security-incident-playbook');
  });

  it('a read more than 30 minutes after the search is no conversion', async () => {
    const minute = epochMinute(Date.now()) - 60;
    const row = (at: number, kind: string, tool: string, names: string[]) => ({
      minute: at,
      caller: 'c1',
      tool,
      kind,
      query: null,
      resultCount: names.length,
      topScore: null,
      names: JSON.stringify(names),
      isError: 0 as const,
      version: null,
    });
    await writeUsageEvents(insightsDb(), [
      row(minute, 'search', 'search_processes', ['deployment', 'code-review']),
      row(minute + 31, 'get', 'get_process', ['deployment']),
      row(minute + 32, 'search', 'search_processes', ['code-review']),
      row(minute + 62, 'get', 'get_process', ['code-review']),
      // The checklist of the same name is another document.
      row(minute + 33, 'get', 'get_checklist', ['code-review']),
    ]);
    const { reads } = await reportAs();
    const of = (kind: string, name: string) =>
      reads.find((entry) => entry.kind === kind && entry.name === name);
    expect(of('processes', 'deployment')).toMatchObject({ searchedInto: 1, conversions: 0 });
    expect(of('processes', 'code-review')).toMatchObject({ searchedInto: 2, conversions: 1 });
    expect(of('checklists', 'code-review')).toMatchObject({ searchedInto: 0, reads: 1 });
  });
});
