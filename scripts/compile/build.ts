// compile → assemble → check against the platform's limits: the whole build, used by `praxis build`, `praxis dev` and the benchmarks.
import { join } from 'node:path';
import { AccessStatisticsLimitError } from '../../src/bundle/search/audiences.ts';
import { assembleBundle, type AssembleOptions, type Bundle } from './assemble.ts';
import { compileContent } from './compile.ts';
import { formatBuildError, type BuildError } from './errors.ts';
import { currentCommit, hasUncommittedChanges } from './git-commit.ts';
import { compileKnowledge } from './knowledge/compile.ts';
import { platformProblems } from './platform-check.ts';

export type BuildResult =
  { ok: true; bundle: Bundle; warnings: BuildError[] } | { ok: false; errors: BuildError[] };

/** Warnings go to stderr as `file:line: warning: …` unless the caller takes them (they never fail a build). */
const printWarning = (warning: BuildError): void =>
  console.warn(formatBuildError({ ...warning, message: `warning: ${warning.message}` }));

export async function buildContent(
  contentDir: string,
  onWarning: (warning: BuildError) => void = printWarning,
  options: AssembleOptions = {},
): Promise<BuildResult> {
  const { documents, errors, warnings } = await compileContent(contentDir);
  const { knowledge, errors: knowledgeErrors } = await compileKnowledge(contentDir, documents);
  errors.push(...knowledgeErrors);
  if (errors.length) return { ok: false, errors };
  warnings.forEach(onWarning);
  let bundle: Bundle;
  try {
    bundle = assembleBundle(
      documents,
      {
        commit: await currentCommit(contentDir),
        dirty: await hasUncommittedChanges(contentDir),
        builtAt: new Date().toISOString(),
      },
      knowledge,
      options,
    );
  } catch (error) {
    // Too many access groups to precompute every caller's search statistics: the author's to fix.
    if (error instanceof AccessStatisticsLimitError)
      return { ok: false, errors: [{ file: contentDir, line: 1, message: error.message }] };
    throw error;
  }
  // A bundle Cloudflare would refuse (a value over KV's limit, say) fails here, not halfway through a publish.
  const limits = platformProblems(bundle);
  if (limits.length)
    return {
      ok: false,
      errors: limits.map((problem) => ({
        file: problem.file ? join(contentDir, problem.file) : `bundle object ${problem.key}`,
        line: 1,
        message: problem.message,
      })),
    };
  return { ok: true, bundle, warnings };
}
