// A heading line with a long run of spaces once cost cubic time: 2 000 spaces took seconds in the
// build, and every search that returned the document and every career-context call paid again. Now
// a document whose headings hold such a run costs no more than the same document with the run in
// its prose (which was always linear): the CPU of the two is compared, in one run, never timed.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuUsage } from 'node:process';
import { afterAll, describe, expect, it } from 'vitest';
import { buildContent } from '../../../scripts/compile/build.ts';
import { sectionHeadings } from '../../../src/worker/content/context/channels.ts';
import { validateContext } from '../../../src/worker/content/context/validate.ts';
import { buildSearchIndex } from '../../../src/bundle/search/index.ts';
import { searchIndex } from '../../../src/worker/content/search/search.ts';
import { snippet } from '../../../src/worker/content/search/snippet.ts';
import { analyseQuery } from '../../../src/worker/content/search/query-terms.ts';

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** The same words either way; the run of spaces sits in the headings or in a prose line. */
function documents(spaces: string, inHeadings: boolean): { process: string; context: string } {
  const [heading, prose] = inHeadings ? [spaces, ' '] : [' ', spaces];
  return {
    process:
      `---\ndescription: How we ship.\n---\n# Release${heading}checklist\n\n## Steps${heading}##\n\n` +
      `Tag the${prose}release.\n`,
    context:
      `# Career${heading}context\n\n## Summary${heading}##\n\n## Experience\n\n## Skills\n\n` +
      `Shipped${prose}releases 2021 - 2023.\n`,
  };
}

/** Build the folder, then do what requests do with the documents: search, snippet, career context. */
async function buildAndServe(spaces: string, inHeadings: boolean) {
  const { process, context } = documents(spaces, inHeadings);
  const folder = await mkdtemp(join(tmpdir(), 'praxis-long-heading-'));
  folders.push(folder);
  await mkdir(join(folder, 'processes'));
  await mkdir(join(folder, 'context'));
  await writeFile(join(folder, 'processes', 'release.md'), process);
  await writeFile(join(folder, 'context', 'career-context.md'), context);
  const built = await buildContent(folder, () => {});
  const body = process.slice(process.indexOf('# Release'));
  const index = buildSearchIndex([
    { name: 'release', title: 'Release', description: 'How we ship.', body },
  ]);
  const hits = searchIndex(index, analyseQuery('checklist steps'));
  return {
    built: built.ok,
    hits: hits.length,
    snippet: snippet(body, analyseQuery('release checklist')),
    sections: sectionHeadings(context),
    valid: validateContext({
      body: context,
      recordIds: new Set(),
      today: new Date('2026-01-01T00:00:00Z'),
    }).valid,
  };
}

async function cpuMicros(run: () => Promise<unknown>): Promise<number> {
  const start = cpuUsage();
  await run();
  const used = cpuUsage(start);
  return used.user + used.system;
}

describe('a heading line with a long run of spaces', () => {
  it.each([2_000, 20_000])(
    '%i spaces: builds, is searched, costs what spaces in prose cost',
    async (count) => {
      const spaces = ' '.repeat(count);
      const served = await buildAndServe(spaces, true);
      expect(served).toMatchObject({ built: true, hits: 1, valid: true });
      expect(served.sections).toEqual(['Summary', 'Experience', 'Skills']);
      await buildAndServe(spaces, false); // warm-up of both paths before anything is compared
      let inHeadings = Number.POSITIVE_INFINITY;
      let inProse = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 3; i++) {
        inHeadings = Math.min(inHeadings, await cpuMicros(() => buildAndServe(spaces, true)));
        inProse = Math.min(inProse, await cpuMicros(() => buildAndServe(spaces, false)));
      }
      expect(
        inHeadings / inProse,
        `${inHeadings} µs in headings, ${inProse} µs in prose`,
      ).toBeLessThan(3);
    },
  );
});
