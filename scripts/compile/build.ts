// compile → assemble → check against the platform's limits: the whole build, used by `praxis build`, `praxis dev` and the benchmarks.
import { join } from 'node:path';
import { AccessStatisticsLimitError } from '../../src/bundle/search/audiences.ts';
import { assembleBundle, type AssembleOptions, type Bundle } from './assemble.ts';
import { buildClock } from './build-clock.ts';
import { compileContent } from './compile.ts';
import { formatBuildError, type BuildError } from './errors.ts';
import { currentCommit, hasUncommittedChanges } from './git-commit.ts';
import { lastChangeDates } from './git-dates.ts';
import { compileKnowledge } from './knowledge/compile.ts';
import type { KeptDocument } from './parse-document.ts';
import { limitErrors, platformProblems } from './platform-check.ts';
import { staleWarnings } from './stale-warnings.ts';

export type BuildResult =
  { ok: true; bundle: Bundle; warnings: BuildError[] } | { ok: false; errors: BuildError[] };

/** Warnings go to stderr as `file:line: warning: …` unless the caller takes them (they never fail a build). */
export const printWarning = (warning: BuildError): void =>
  console.warn(formatBuildError({ ...warning, message: `warning: ${warning.message}` }));

export interface BuildOptions extends AssembleOptions {
  /** The build's clock (ms since 1970) for stale warnings and uncommitted files' dates; default PRAXIS_BUILD_NOW, else now. */
  nowMs?: number;
}

export async function buildContent(
  contentDir: string,
  onWarning: (warning: BuildError) => void = printWarning,
  options: BuildOptions = {},
): Promise<BuildResult> {
  const clock = buildClock(options.nowMs);
  if (!clock.ok) return clock;
  const { documents, errors, warnings } = await compileContent(contentDir);
  const { knowledge, errors: knowledgeErrors } = await compileKnowledge(contentDir, documents);
  errors.push(...knowledgeErrors);
  if (errors.length) return { ok: false, errors };
  warnings.push(...(await datedFromGit(contentDir, documents, clock.nowMs)));
  warnings.push(
    ...staleWarnings(documents, clock.nowMs, (document) => fileOf(contentDir, document)),
  );
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
      errors: limitErrors(contentDir, limits),
    };
  return { ok: true, bundle, warnings };
}

export const fileOf = (contentDir: string, document: KeptDocument): string =>
  join(contentDir, document.kind, document.path);

/** Sets each document's `lastChanged` from git; the one warning a shallow checkout gets. */
export async function datedFromGit(
  contentDir: string,
  documents: readonly KeptDocument[],
  nowMs: number,
): Promise<BuildError[]> {
  const pathOf = (document: KeptDocument): string => `${document.kind}/${document.path}`;
  const found = await lastChangeDates(contentDir, new Set(documents.map(pathOf)), nowMs);
  if (!found) return [];
  for (const document of documents) {
    const date = found.dates.get(pathOf(document));
    if (date) document.lastChanged = date;
  }
  return found.shallow
    ? [
        {
          file: contentDir,
          line: 1,
          message:
            "the git checkout is shallow: documents last changed before its oldest fetched commit get no last change date (and are never stale by it); fetch the whole history (actions/checkout with 'fetch-depth: 0')",
        },
      ]
    : [];
}
