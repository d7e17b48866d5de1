// compile → assemble: the whole build, used by `praxis build`, `praxis dev` and the benchmarks.
import { assembleBundle, type Bundle } from './assemble.ts';
import { compileContent } from './compile.ts';
import type { BuildError } from './errors.ts';
import { currentCommit } from './git-commit.ts';
import { compileKnowledge } from './knowledge/compile.ts';

export type BuildResult = { ok: true; bundle: Bundle } | { ok: false; errors: BuildError[] };

export async function buildContent(contentDir: string): Promise<BuildResult> {
  const { documents, errors } = await compileContent(contentDir);
  const { knowledge, errors: knowledgeErrors } = await compileKnowledge(contentDir, documents);
  errors.push(...knowledgeErrors);
  if (errors.length) return { ok: false, errors };
  const bundle = assembleBundle(documents, { commit: await currentCommit(contentDir), builtAt: new Date().toISOString() }, knowledge);
  return { ok: true, bundle };
}
