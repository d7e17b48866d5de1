// Runs in Node (global setup): a seeded corpus of every kind that takes `access:`, with words only
// restricted documents use, built twice per caller — whole, and without what that caller may not
// see — for the non-interference test. "Without" is the author's folder minus the restricted files:
// every other file stays as written. The build refuses a visible entry that links to or embeds one
// its readers may not see, so the corpus never has one, and the smaller folder always builds.
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildContent } from '../../../scripts/compile/build.ts';
import { formatBuildError } from '../../../scripts/compile/errors.ts';
import { audienceCovers } from '../../../src/bundle/audience-covers.ts';
import type { Pointer } from '../../../src/bundle/bundle.ts';
import { seededRandom } from '../seeded-random.ts';

export const CORPUS_GROUPS = ['red', 'blue'] as const;
/** The callers compared: each sees the public entries plus those of its groups. */
export const CALLER_GROUPS: string[][] = [[], ['red'], ['blue']];

export interface ProvidedBundle {
  pointer: Pointer;
  objects: Array<[string, string]>;
}

/** What the test probes: every name of the whole corpus (hidden ones too), and the queries. */
export interface CorpusPlan {
  processes: string[];
  checklists: string[];
  records: string[];
  recordTypes: string[];
  tags: string[];
  wiki: string[];
  frameworks: string[];
  templates: string[];
  prompts: Array<{ name: string; arguments: string[] }>;
  /** Search queries: public words, words only restricted entries have, and mixes of both. */
  queries: string[];
}

export interface NonInterferenceCase {
  seed: number;
  plan: CorpusPlan;
  full: ProvidedBundle;
  /** Per caller (CALLER_GROUPS order): the bundle built without what it may not see. */
  reduced: Array<{ groups: string[]; bundle: ProvidedBundle }>;
}

const PUBLIC_WORDS = [
  'deploy',
  'rollback',
  'canary',
  'release',
  'review',
  'incident',
  'pager',
  'backup',
  'restore',
  'secret',
  'token',
  'pipeline',
  'cluster',
  'database',
  'migration',
  'latency',
  'budget',
  'runbook',
  'alert',
  'metric',
  'owner',
  'approval',
  'branch',
  'merge',
  'coverage',
  'audit',
  'vendor',
  'contract',
  'staging',
  'production',
  'hotfix',
  'schedule',
  'capacity',
  'queue',
  'cache',
];
const SYLLABLES = [
  'zor',
  'quin',
  'vex',
  'thal',
  'mor',
  'pry',
  'xan',
  'lud',
  'gri',
  'fen',
  'obu',
  'kesh',
];

interface Entry {
  path: string;
  text: string;
  access?: string[];
}

function generate(seed: number): { files: Entry[]; plan: CorpusPlan } {
  const rng = seededRandom(seed);
  const secrets = new Set<string>();
  const secretWord = (): string => {
    for (;;) {
      const word = `${rng.pick(SYLLABLES)}${rng.pick(SYLLABLES)}${rng.pick(SYLLABLES)}${rng.next() < 0.3 ? rng.int(2, 99) : ''}`;
      if (!secrets.has(word)) {
        secrets.add(word);
        return word;
      }
    }
  };
  const accessOf = (): string[] | undefined => {
    const roll = rng.next();
    return roll < 0.5
      ? undefined
      : roll < 0.67
        ? ['red']
        : roll < 0.84
          ? ['blue']
          : ['red', 'blue'];
  };
  const accessLine = (access: string[] | undefined): string =>
    access ? `access: [${access.join(', ')}]\n` : '';
  const words = (count: number, secret: string[]): string =>
    Array.from({ length: count }, () =>
      secret.length && rng.next() < 0.25 ? rng.pick(secret) : rng.pick(PUBLIC_WORDS),
    ).join(' ');
  /** Restricted bodies run longer, so the field-length averages callers see really differ. */
  const body = (title: string, access: string[] | undefined, secret: string[]): string => {
    const paragraphs = Array.from(
      { length: rng.int(1, access ? 6 : 3) },
      () => `${words(rng.int(4, access ? 40 : 14), secret)}.`,
    );
    const repeated = `${rng.pick(PUBLIC_WORDS)} ${rng.pick(PUBLIC_WORDS)}`;
    return `# ${title}\n\n${paragraphs.join('\n\n')}\n\n## ${words(2, secret)}\n\nAgain ${repeated}, and ${repeated}.\n`;
  };
  const files: Entry[] = [];
  const restrictedTitles: string[] = [];
  const publicTitles: string[] = [];

  const documents = (
    kind: 'processes' | 'checklists',
    prefix: string,
  ): Array<{ name: string; access?: string[] }> =>
    Array.from({ length: rng.int(6, 10) }, (_, i) => {
      const access = accessOf();
      const secret = access ? [secretWord(), secretWord()] : [];
      const name = `${prefix}-${rng.pick(PUBLIC_WORDS)}-${i}`;
      const title = `${access && rng.next() < 0.6 ? `${secret[0]} ` : ''}${words(rng.int(1, 3), [])}`;
      (access ? restrictedTitles : publicTitles).push(title);
      files.push({
        path: `${kind}/${name}.md`,
        access,
        text: `---\nname: ${name}\ndescription: ${words(rng.int(3, 9), secret)}\n${accessLine(access)}---\n${body(title, access, secret)}`,
      });
      return { name, ...(access ? { access } : {}) };
    });
  const processes = documents('processes', 'p');
  const checklists = documents('checklists', 'c');

  const types = ['skill', 'project', 'role'];
  const tags = ['edge', 'ops', 'data', 'sec'];
  // Enough records on one seed that resources/list needs a second page (50 a page).
  const records: Array<{ id: string; access?: string[] }> = [];
  // On another, every record is restricted: to a caller without a group there is no graph at all.
  for (let i = 0, count = seed % 3 === 0 ? 60 : rng.int(8, 14); i < count; i++) {
    const access = seed % 3 === 2 ? (accessOf() ?? ['blue']) : accessOf();
    const secret = access ? [secretWord()] : [];
    const id = `r-${i}-${rng.pick(PUBLIC_WORDS)}`;
    // Links only to records every reader of this one may see (the build refuses the others).
    const linkable = records.filter((target) => audienceCovers(target.access, access));
    const linked = linkable.length ? [rng.pick(linkable).id] : [];
    const mentioned =
      linkable.length && rng.next() < 0.5 ? ` See [[${rng.pick(linkable).id}]].` : '';
    const recordTags = tags.filter(() => rng.next() < 0.35);
    const title = `${access && rng.next() < 0.5 ? `${secret[0]} ` : ''}${words(rng.int(1, 3), [])}`;
    (access ? restrictedTitles : publicTitles).push(title);
    files.push({
      path: `graph/${id}.md`,
      access,
      text: `---\nid: ${id}\ntype: ${rng.pick(types)}\n${recordTags.length ? `tags: [${recordTags.join(', ')}]\n` : ''}${linked.length ? `links:\n  - uses: ${linked[0]}\n` : ''}${accessLine(access)}---\n${body(title, access, secret)}${mentioned}\n`,
    });
    records.push({ id, ...(access ? { access } : {}) });
  }

  const wiki = ['guide', 'ops-notes', 'secrets-a'].map((module) => {
    const access = accessOf();
    files.push({
      path: `wiki/${module}.md`,
      access,
      text: `---\ntitle: ${words(2, [])}\n${accessLine(access)}---\n${body(words(2, []), access, access ? [secretWord()] : [])}`,
    });
    return { name: module, ...(access ? { access } : {}) };
  });
  const frameworks = ['Alpha', 'Beta2', 'Gamma'].map((name) => {
    const access = accessOf();
    files.push({
      path: `frameworks/${name}.md`,
      access,
      text: `---\ndescription: ${words(4, [])}\n${accessLine(access)}---\n${body(name, access, access ? [secretWord()] : [])}`,
    });
    return { name, ...(access ? { access } : {}) };
  });

  // The career context may be restricted; it may mention any record (a hidden one reads as a dangling reference, as it would if absent).
  const contextAccess = accessOf();
  files.push({
    path: 'context/career.md',
    access: contextAccess,
    text: `---\ntitle: Career ${words(1, [])}\nupdated: 2025-01-15\n${accessLine(contextAccess)}---\n# Career\n\n## Summary\n\n${words(8, [])} [[${rng.pick(records).id}]].\n\n## Experience\n\n- 2020-01 – 2023-06: ${words(5, [])}\n\n## Skills\n\n${words(4, [])} vitaegraph://record/${rng.pick(records).id}\n`,
  });

  const prompts: CorpusPlan['prompts'] = [];
  const prompt = (
    name: string,
    args: Array<{ name: string; extra?: string }>,
    embeds: string[],
    access: string[] | undefined,
  ): void => {
    const argumentLines = args
      .map((arg) => `  - name: ${arg.name}\n    description: The ${arg.name}\n${arg.extra ?? ''}`)
      .join('');
    files.push({
      path: `prompts/${name}.md`,
      access,
      text: `---\nname: ${name}\ndescription: ${words(5, [])}\n${args.length ? `arguments:\n${argumentLines}` : ''}${embeds.length ? `embed:\n${embeds.map((embed) => `  - ${embed}\n`).join('')}` : ''}${accessLine(access)}---\nWork on ${args.map((arg) => `{{${arg.name}}}`).join(' and ') || 'this'}.\n`,
    });
    prompts.push({ name, arguments: args.map((arg) => arg.name) });
  };
  prompt(
    'follow',
    [{ name: 'process', extra: '    required: true\n' }],
    ['process:{{process}}'],
    accessOf(),
  );
  prompt(
    'check',
    [{ name: 'checklist' }, { name: 'record', extra: '    complete: records\n' }],
    ['checklist:{{checklist}}', 'vitaegraph://record/{{record}}'],
    accessOf(),
  );
  prompt(
    'tone',
    [{ name: 'tone', extra: '    values: [calm, brisk]\n' }],
    ['career-context://current', 'vitaegraph://index'],
    accessOf(),
  );
  for (const [i, kind] of (
    ['process', 'checklist', 'record', 'framework', 'wiki'] as const
  ).entries()) {
    // A fixed embed: a target every reader of the prompt may see.
    const access = accessOf();
    const pool = {
      process: processes,
      checklist: checklists,
      record: records.map((record) => ({ name: record.id, access: record.access })),
      framework: frameworks,
      wiki,
    }[kind];
    const allowed = pool.filter((target) => audienceCovers(target.access, access));
    if (!allowed.length) continue;
    const target = rng.pick(allowed).name;
    const embed =
      kind === 'record'
        ? `vitaegraph://record/${target}`
        : kind === 'wiki'
          ? `vitaecontext://wiki/${target}`
          : `${kind}:${target}`;
    prompt(`fixed_${kind}_${i}`, [], [embed], access);
  }

  const secretList = [...secrets];
  const sample = <T>(items: readonly T[], count: number): T[] =>
    Array.from({ length: Math.min(count, items.length) }, () => rng.pick(items));
  const queries = [
    ...new Set([
      ...sample(PUBLIC_WORDS, 4),
      ...sample(secretList, 5),
      ...sample(secretList, 5).map((word) => `deploy ${word}`),
      'deploy zzqvorpal',
      'zzqvorpal',
      ...Array.from({ length: 3 }, () => `${rng.pick(PUBLIC_WORDS)} ${rng.pick(PUBLIC_WORDS)}`),
      ...sample(restrictedTitles, 3),
      ...sample(publicTitles, 2),
      `${rng.pick(PUBLIC_WORDS)} ${rng.pick(secretList)} ${rng.pick(PUBLIC_WORDS)}`,
    ]),
  ];
  return {
    files,
    plan: {
      processes: processes.map((p) => p.name),
      checklists: checklists.map((c) => c.name),
      records: records.map((r) => r.id),
      recordTypes: types,
      tags,
      wiki: wiki.map((w) => w.name),
      frameworks: frameworks.map((f) => f.name),
      templates: ['readme', 'architecture', 'api', 'components', 'schema'],
      prompts,
      queries,
    },
  };
}

async function build(files: readonly Entry[]): Promise<ProvidedBundle> {
  const dir = await mkdtemp(join(tmpdir(), 'praxis-noninterference-'));
  try {
    for (const file of files) {
      await mkdir(dirname(join(dir, file.path)), { recursive: true });
      await writeFile(join(dir, file.path), file.text);
    }
    // Templates take no `access:`; they are the shipped ones, the same in every build.
    await cp(
      new URL('../../../content/templates', import.meta.url).pathname,
      join(dir, 'templates'),
      {
        recursive: true,
      },
    );
    const built = await buildContent(dir, () => undefined);
    if (!built.ok)
      throw new Error(
        `generated corpus does not build:\n${built.errors.map(formatBuildError).join('\n')}`,
      );
    return { pointer: built.bundle.pointer, objects: [...built.bundle.objects] };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function nonInterferenceCases(
  seeds: readonly number[],
): Promise<NonInterferenceCase[]> {
  const cases: NonInterferenceCase[] = [];
  for (const seed of seeds) {
    const { files, plan } = generate(seed);
    const full = await build(files);
    const reduced = [];
    for (const groups of CALLER_GROUPS) {
      const visible = files.filter(
        (file) => !file.access || file.access.some((group) => groups.includes(group)),
      );
      reduced.push({ groups, bundle: await build(visible) });
    }
    cases.push({ seed, plan, full, reduced });
  }
  return cases;
}
