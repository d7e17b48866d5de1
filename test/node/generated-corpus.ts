// A deterministic corpus of processes, checklists and knowledge-graph records written to a folder,
// for tests that need many documents without ../shared (the scale generator lives there).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const WORDS = (
  'deploy rollback review commit branch release incident pager alert metric trace log secret token ' +
  'backlog sprint estimate retro design contract schema migration cache queue latency budget owner runbook'
).split(' ');
const TYPES = ['skill', 'project', 'role', 'decision'];

export async function writeCorpus(dir: string, count: number): Promise<void> {
  let seed = 11;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const sentence = () =>
    Array.from({ length: 12 }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');
  const kinds = ['processes', 'checklists', 'graph'] as const;
  await Promise.all(kinds.map((kind) => mkdir(join(dir, kind), { recursive: true })));
  const files: Array<[string, string]> = [];
  for (let i = 0; i < count; i++) {
    const kind = kinds[i % kinds.length]!;
    const name = `${kind.slice(0, 4)}-${String(i).padStart(6, '0')}`;
    const front =
      kind === 'graph'
        ? `---\nid: rec-${i}\ntype: ${TYPES[i % TYPES.length]}\ntitle: Record ${i}\ndescription: ${sentence()}\ntags: [${WORDS[i % WORDS.length]}]\n---\n`
        : `---\nname: ${name}\ndescription: ${sentence()}\n---\n`;
    files.push([
      join(dir, kind, `${name}.md`),
      `${front}# ${sentence().split(' ').slice(0, 4).join(' ')} ${i}\n\n${Array.from({ length: 5 }, sentence).join('\n\n')}\n`,
    ]);
  }
  // A few at a time: the point of some callers is to run under a low open-files limit.
  for (let i = 0; i < files.length; i += 64)
    await Promise.all(files.slice(i, i + 64).map(([file, text]) => writeFile(file, text)));
}
