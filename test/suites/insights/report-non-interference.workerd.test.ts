// Non-interference of the insights report: an author is told nothing about documents outside their
// groups — no name, count, score or order — whatever the stored usage events say about them. For
// each generated corpus and author (the callers of non-interference.workerd.test.ts, in the authors
// group too), seeded random usage events are stored and the author's report (every page, structured
// and Markdown) is made twice: over the whole bundle with events that name restricted documents and
// carry counts and scores from callers who could see them, and over the bundle built without what
// the author may not see (published under the same version) with those names dropped and other
// counts, scores and search results stored (a search ranked under more access returns other
// visible documents too: restricted ones take places). Agents' reports on restricted documents are
// stored in the first world only. The two must be identical, and no restricted name may appear in
// either.
import { describe, expect, inject, it } from 'vitest';
import { POINTER_KEY, objectKey } from '../../../src/bundle/bundle.ts';
import { documentKinds } from '../../../src/bundle/kinds.ts';
import { analyseQuery } from '../../../src/worker/content/search/query-terms.ts';
import { currentBundle, resetContentCache } from '../../../src/worker/content/store.ts';
import { accessKeyOf } from '../../../src/worker/insights/access-key.ts';
import { insightsReport } from '../../../src/worker/insights/report.ts';
import { reportMarkdown } from '../../../src/worker/insights/report-markdown.ts';
import { termsKeyOf } from '../../../src/worker/insights/terms-key.ts';
import {
  epochMinute,
  writeUsageEvents,
  type UsageEvent,
} from '../../../src/worker/insights/usage-events.ts';
import { knowledgeView } from '../../../src/worker/mcp/knowledge-view.ts';
import { fuzzRuns } from '../../helpers/fuzz-runs.ts';
import { testEnv } from '../../helpers/workerd/helpers.ts';
import { insightsDb } from '../../helpers/workerd/insights-helpers.ts';
import { clearInsights } from '../../helpers/workerd/report-helpers.ts';
import type { ProvidedBundle } from '../../helpers/workerd/restricted-corpus.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
// A fixed period and clock: both worlds' reports cover exactly the same minutes.
const UNTIL = Math.floor(Date.now() / 60_000) * 60_000;
const SINCE = UNTIL - 7 * DAY_MS;
const EVENTS = 160;

const stored = new Set<string>();

async function publish(bundle: ProvidedBundle, as: ProvidedBundle['pointer']): Promise<void> {
  const missing = bundle.objects.filter(([hash]) => !stored.has(hash));
  await Promise.all(missing.map(([hash, text]) => testEnv.CONTENT.put(objectKey(hash), text)));
  for (const [hash] of missing) stored.add(hash);
  await testEnv.CONTENT.put(
    POINTER_KEY,
    JSON.stringify({
      ...bundle.pointer,
      version: as.version,
      commit: as.commit,
      builtAt: as.builtAt,
    }),
  );
  resetContentCache();
}

interface Generated {
  /** As callers who could see everything would have stored them. */
  whole: UsageEvent[];
  /**
   * The same calls with the author's hidden documents gone from reads, other counts and scores, and
   * other visible documents returned by searches.
   */
  without: UsageEvent[];
  /** Agents' reports: some name hidden documents (stored in the whole world only) or none that exist. */
  feedback: Array<
    [minute: number, caller: string, category: string, document: string | null, problem: string]
  >;
  /** The reports without those on hidden documents: no one who could not see them named them. */
  feedbackWithout: Generated['feedback'];
}

function generatedEvents(
  seed: number,
  queries: readonly string[],
  names: { processes: string[]; checklists: string[] },
  hidden: ReadonlySet<string>,
): Generated {
  const rng = seededRandom(seed);
  const extra = Array.from({ length: 12 }, () =>
    `${rng.pick(queries)} ${rng.pick(queries)}`.split(' ').slice(0, 3).join(' '),
  );
  const asked = [...queries, ...extra];
  const whole: UsageEvent[] = [];
  const without: UsageEvent[] = [];
  const lastMinute = epochMinute(UNTIL);
  for (let i = 0; i < EVENTS; i++) {
    const kind = rng.pick(documentKinds);
    const search = rng.next() < 0.6;
    const minute = lastMinute - rng.int(0, 7 * 24 * 60 - 1);
    const base = { minute, caller: `caller-${rng.int(1, 12)}`, isError: 0 as const, version: 'v' };
    if (search) {
      const query = rng.pick(asked);
      const returned = Array.from({ length: rng.int(0, 10) }, () => rng.pick(names[kind]));
      const shown = [...new Set(returned)];
      const event = {
        ...base,
        tool: kind === 'processes' ? 'search_processes' : 'search_checklists',
        kind: 'search',
        query,
        terms: termsKeyOf(analyseQuery(query).terms),
      };
      whole.push({
        ...event,
        resultCount: shown.length,
        topScore: shown.length ? rng.next() : null,
        names: JSON.stringify(shown),
      });
      const visible = names[kind].filter((name) => !hidden.has(`${kind}/${name}`));
      const seen = visible.length
        ? [...new Set(Array.from({ length: rng.int(0, 10) }, () => rng.pick(visible)))]
        : [];
      without.push({
        ...event,
        resultCount: seen.length,
        topScore: seen.length ? rng.next() : null,
        names: JSON.stringify(seen),
      });
    } else {
      const name = rng.pick(names[kind]);
      const event = {
        ...base,
        tool: kind === 'processes' ? 'get_process' : 'get_checklist',
        kind: 'get',
        query: name,
        topScore: null,
      };
      whole.push({ ...event, resultCount: 1, names: JSON.stringify([name]) });
      // Without the document, the same get found nothing.
      without.push(
        hidden.has(`${kind}/${name}`)
          ? { ...event, resultCount: 0, names: '[]', isError: 1 }
          : { ...event, resultCount: 1, names: JSON.stringify([name]) },
      );
    }
  }
  const feedback = Array.from({ length: 24 }, (_, i) => {
    const kind = rng.pick(documentKinds);
    const named = rng.next();
    const document =
      named < 0.2 ? null : named < 0.3 ? `no-such-document-${i}` : rng.pick(names[kind]);
    return [
      lastMinute - rng.int(0, 7 * 24 * 60 - 1),
      `caller-${rng.int(1, 12)}`,
      rng.pick(['wrong', 'outdated', 'missing', 'unclear', 'other']),
      document,
      `report ${i}`,
    ] as Generated['feedback'][number];
  });
  const feedbackWithout = feedback.filter(
    ([, , , document]) =>
      document === null || !documentKinds.some((kind) => hidden.has(`${kind}/${document}`)),
  );
  return { whole, without, feedback, feedbackWithout };
}

/** Every page of the author's report, structured and Markdown, after storing `events`. */
async function everyPage(
  groups: string[],
  events: UsageEvent[],
  feedback: Generated['feedback'],
): Promise<string[]> {
  await clearInsights();
  for (let i = 0; i < events.length; i += 50)
    await writeUsageEvents(insightsDb(), events.slice(i, i + 50));
  await insightsDb().batch(
    feedback.map(([minute, caller, category, document, problem]) =>
      insightsDb()
        .prepare(
          'INSERT INTO feedback (minute, caller, category, document, problem, version) VALUES (?1, ?2, ?3, ?4, ?5, ?6)',
        )
        .bind(minute, caller, category, document, problem, 'v'),
    ),
  );
  // Every question noted unanswered before: each one answered now shows as answered since, with
  // its results and score, so those are compared too.
  const access = await accessKeyOf(groups);
  const keys = [...new Set(events.flatMap((event) => (event.terms ? [event.terms] : [])))];
  await insightsDb().batch(
    keys.map((terms) =>
      insightsDb()
        .prepare(
          'INSERT INTO gap_answers (access, terms, checked_minute, was_unanswered) VALUES (?1, ?2, 0, 1)',
        )
        .bind(access, terms),
    ),
  );
  const bundle = (await currentBundle(testEnv))!;
  const view = knowledgeView(bundle, groups);
  const principal = { subject: 'the-author', groups, scopes: [], via: 'local' as const };
  const pages: string[] = [];
  let cursor: string | undefined;
  do {
    const report = await insightsReport({
      db: insightsDb(),
      view,
      principal,
      since: SINCE,
      until: UNTIL,
      cursor,
    });
    pages.push(
      JSON.stringify(report),
      reportMarkdown(report, (next) => `cursor ${next}`),
    );
    cursor = report.gapsCursor;
  } while (cursor);
  return pages;
}

/** `kind/name` of every document of the published bundle this view may not see. */
async function hiddenDocuments(groups: string[]): Promise<Set<string>> {
  const bundle = (await currentBundle(testEnv))!;
  const view = knowledgeView(bundle, groups);
  return new Set(
    documentKinds.flatMap((kind) =>
      bundle
        .documents(kind)
        .filter((ref) => !view.canSee(ref))
        .map((ref) => `${kind}/${ref.name}`),
    ),
  );
}

describe('insights non-interference: restricted documents change nothing in an author’s report', () => {
  for (const { seed, plan, full, reduced } of inject('nonInterference')) {
    for (const { groups, bundle } of reduced) {
      const author = ['praxis-authors', ...groups];
      it(
        `corpus ${seed}: an author holding ${groups.join(', ') || 'no other group'}`,
        { timeout: 120_000 },
        async () => {
          for (let run = 0; run < fuzzRuns(2); run++) {
            await publish(full, full.pointer);
            const hidden = await hiddenDocuments(author);
            const events = generatedEvents(
              seed * 1000 + run,
              plan.queries,
              { processes: plan.processes, checklists: plan.checklists },
              hidden,
            );
            const whole = await everyPage(author, events.whole, events.feedback);
            await publish(bundle, full.pointer);
            const without = await everyPage(author, events.without, events.feedbackWithout);
            expect(whole).toEqual(without);
            // More than one page, answered and unanswered questions, reads: the comparison covers them.
            expect(whole.length).toBeGreaterThan(2);
            const text = whole.join('\n');
            expect(text).toContain('answeredSince');
            expect(text).toContain('"reads":');
            expect(text).toContain('"problem":"report');
            for (const document of hidden) {
              const name = document.slice(document.indexOf('/') + 1);
              expect(text).not.toContain(`"${name}"`);
              expect(text).not.toContain(`/${name} (`);
            }
          }
        },
      );
    }
  }
});
