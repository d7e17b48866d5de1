// A deterministic corpus of processes, checklists and knowledge-graph records written to a folder,
// for tests that need many documents without ../shared (the scale generator lives there).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { seededSentences, WORDS } from './seeded-sentences.ts';

const TYPES = ['skill', 'project', 'role', 'decision'];

export async function writeCorpus(dir: string, count: number): Promise<void> {
  const sentence = seededSentences(11);
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
