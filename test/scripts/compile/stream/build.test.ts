// The streaming build against the in-memory one: the same bundle, object for object and byte for
// byte, when postings are spilled in many runs, index buckets go to disk and objects are stored
// in parts — and a bundle breaking a platform limit fails the build without a pointer.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectText } from '../../../../scripts/compile/assemble.ts';
import type { Manifest } from '../../../../src/bundle/bundle.ts';
import { buildContent } from '../../../../scripts/compile/build.ts';
import { writeBundle } from '../../../../scripts/compile/output.ts';
import { buildToDirectory } from '../../../../scripts/compile/stream/build.ts';
import { seededRandom } from '../../../helpers/seeded-random.ts';

const NOW = Date.parse('2026-12-01T00:00:00Z');
const PART_CHARS = 4096;
let root: string;
let content: string;

const SYLLABLES = ['ka', 'lo', 'mir', 'ten', 'vu', 'sal', 'dro', 'pe', 'qui', 'zan', 'or', 'bel'];
/** A few words outside ASCII, so terms sort and escape by code unit, not byte. */
const UNICODE_WORDS = ['café', 'naïve', 'zürich', '日本語', 'émigré', 'ångström', '𝔘nicode'];

/** About 3 000 documents of every indexed kind; a fifth restricted to one or two groups. */
async function writeCorpus(dir: string): Promise<void> {
  const rng = seededRandom(7);
  const vocabulary = Array.from(
    { length: 600 },
    () => `${rng.pick(SYLLABLES)}${rng.pick(SYLLABLES)}${rng.pick(SYLLABLES)}`,
  ).concat(UNICODE_WORDS);
  const words = (count: number): string =>
    Array.from({ length: count }, () => rng.pick(vocabulary)).join(' ');
  const accessLine = (): string => {
    const roll = rng.next();
    return roll < 0.8 ? '' : roll < 0.9 ? 'access: [red]\n' : 'access: [red, blue]\n';
  };
  const body = (title: string): string => {
    const phrase = words(2);
    const paragraphs = Array.from({ length: 1 + Math.floor(rng.next() * 5) }, () =>
      words(5 + Math.floor(rng.next() * 40)),
    );
    return `# ${title}\n\n${paragraphs.join('.\n\n')}.\n\n## ${words(3)}\n\nAgain ${phrase}, and ${phrase}.\n`;
  };
  const files: Array<[string, string]> = [];
  for (const kind of ['processes', 'checklists']) {
    for (let i = 0; i < 1200; i++) {
      const title = `${words(2)} ${i}`;
      files.push([
        `${kind}/${rng.pick(SYLLABLES)}/${kind}-${i}.md`,
        `---\ndescription: ${words(6)}\n${accessLine()}---\n${body(title)}`,
      ]);
    }
  }
  // Learned abbreviations and folder index pages: public documents define "E2E" and "CI"
  // (restricted ones define "CDC", which must not be learned), and folders have READMEs whose
  // pages' names extend the folder's, one of them restricted, one folder nested in another.
  for (const kind of ['processes', 'checklists']) {
    const e2e = `${kind}/e2e-testing`;
    files.push(
      [
        `${e2e}/README.md`,
        `---\ndescription: End-to-end (E2E) testing in ${kind}\n---\n# E2E testing\n\nHow we run end to end suites; see flaky tests and browser setup. ${words(20)}.\n`,
      ],
      [
        `${e2e}/flaky-tests.md`,
        `---\ndescription: Flaky E2E tests\n---\n# Flaky tests\n\nWhen an end-to-end test fails once. Continuous integration (CI) retries. ${words(30)}.\n`,
      ],
      [
        `${e2e}/browser-setup.md`,
        `---\ndescription: Browsers for e2e\naccess: [red]\n---\n# Browser setup\n\nConsumer-driven contract (CDC) tests and browsers. ${words(30)}.\n`,
      ],
      [
        `${e2e}/mobile/README.md`,
        `---\ndescription: E2E on phones\n---\n# Mobile end to end\n\nDevices and the CI farm. ${words(25)}.\n`,
      ],
      [
        `${e2e}/mobile/devices.md`,
        `---\ndescription: Device lab\n---\n# Device lab\n\nWhich phones the continuous integration farm holds; CDC checks too. ${words(25)}.\n`,
      ],
    );
  }
  files.push(
    [
      'graph/e2e-guide.md',
      `---\nid: e2e-guide\ntype: skill\ntags: [testing]\n---\n# End-to-end (E2E) guide\n\n${words(20)}.\n`,
    ],
    [
      'graph/e2e-guide-ci.md',
      `---\nid: e2e-guide-ci\ntype: skill\ntags: [ci]\n---\n# E2E in continuous integration (CI)\n\n${words(20)}.\n`,
    ],
  );
  for (let i = 0; i < 600; i++) {
    // Links only to earlier public records, so every record's readers may see its targets.
    const link = i > 10 && i % 3 === 0 ? `links:\n  - uses: rec-${(i * 7) % 10}\n` : '';
    const access = i < 10 ? '' : accessLine();
    files.push([
      `graph/rec-${i}.md`,
      `---\nid: rec-${i}\ntype: ${rng.pick(['skill', 'role'])}\ntags: [${rng.pick(SYLLABLES)}, ${rng.pick(SYLLABLES)}]\n${link}${access}---\n${body(`${words(2)} record ${i}`)}`,
    ]);
  }
  for (const [path, text] of files) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
}

/** Every object file of a built bundle, name → bytes, and the pointer without its build time. */
function bundleOnDisk(out: string): { objects: Map<string, Buffer>; pointer: unknown } {
  const objects = new Map<string, Buffer>();
  for (const name of readdirSync(join(out, 'objects')).sort())
    objects.set(name, readFileSync(join(out, 'objects', name)));
  const { builtAt: _builtAt, ...pointer } = JSON.parse(
    readFileSync(join(out, 'pointer.json'), 'utf8'),
  ) as Record<string, unknown>;
  return { objects, pointer };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'praxis-stream-'));
  content = join(root, 'content');
  await writeCorpus(content);
}, 600_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the streaming build', () => {
  it('writes the in-memory build’s bundle byte for byte, from many spilled runs', async () => {
    const memory = await buildContent(content, () => {}, { nowMs: NOW, partChars: PART_CHARS });
    if (!memory.ok) throw new Error(JSON.stringify(memory.errors.slice(0, 3)));
    await writeBundle(memory.bundle, join(root, 'memory'));
    const streamed = await buildToDirectory(content, join(root, 'streamed'), () => {}, {
      nowMs: NOW,
      partChars: PART_CHARS,
      spillRecords: 5_000,
      bucketChars: 10_000,
      tempDir: root,
    });
    if (!streamed.ok) throw new Error(JSON.stringify(streamed.errors.slice(0, 3)));
    // Several runs per index, so the merge (not a single sorted run) made every table.
    expect(streamed.runs).toBeGreaterThan(3 * 5);
    const expected = bundleOnDisk(join(root, 'memory'));
    const actual = bundleOnDisk(join(root, 'streamed'));
    expect(actual.pointer).toEqual(expected.pointer);
    expect([...actual.objects.keys()]).toEqual([...expected.objects.keys()]);
    const differing = [...expected.objects].filter(
      ([hash, bytes]) => !actual.objects.get(hash)!.equals(bytes),
    );
    expect(differing.map(([hash]) => hash)).toEqual([]);
    expect(streamed.objects).toBe(expected.objects.size);
    // The corpus exercised objects stored in parts, and graph records in several chunks.
    const loadBy = memory.bundle.pointer.loadBy!;
    expect(Object.values(loadBy.names).some((list) => list.length > 1)).toBe(true);
    const manifest = JSON.parse(
      objectText(memory.bundle.objects, memory.bundle.pointer.manifest)!,
    ) as Manifest;
    // The graph records' entries are chunked in the manifest; the knowledge object no longer holds them.
    expect(manifest.records?.count).toBe(602);
    expect(loadBy.knowledge).toHaveLength(1);
    expect(memory.bundle.pointer.documentCount).toBe(2410);
    // Temporary runs and buckets are gone.
    expect(readdirSync(root).filter((name) => name.startsWith('praxis-build-'))).toEqual([]);
  }, 600_000);

  it('writes the same bundle again from the same content, whatever the spill threshold', async () => {
    const again = await buildToDirectory(content, join(root, 'again'), () => {}, {
      nowMs: NOW,
      partChars: PART_CHARS,
      spillRecords: 50_000_000,
      tempDir: root,
    });
    if (!again.ok) throw new Error(JSON.stringify(again.errors.slice(0, 3)));
    // One run per index: processes, checklists and the graph.
    expect(again.runs).toBe(3);
    const first = bundleOnDisk(join(root, 'streamed'));
    const second = bundleOnDisk(join(root, 'again'));
    expect(second.pointer).toEqual(first.pointer);
    expect([...second.objects.keys()]).toEqual([...first.objects.keys()]);
  }, 600_000);

  it('fails, writing no pointer, when loading the version would break a platform limit', async () => {
    const out = join(root, 'too-many-parts');
    // Parts this small make the load list (every part of the loaded objects) too long for the pointer.
    const result = await buildToDirectory(content, out, () => {}, {
      nowMs: NOW,
      partChars: 128,
      tempDir: root,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => error.message).join('\n')).toMatch(/the pointer is/);
    expect(existsSync(join(out, 'pointer.json'))).toBe(false);
  }, 600_000);
});
