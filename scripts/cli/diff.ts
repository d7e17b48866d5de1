import { buildBundle } from '../compile/stream/build-bundle.ts';
import { formatBuildError } from '../compile/errors.ts';
import { diffVersions } from '../publish/diff-versions.ts';
import { publishBundle } from '../publish/publish.ts';
import { diffLines, transferLine } from '../publish/report.ts';
import { withTarget } from '../publish/run-command.ts';
import { targetOptions, targetUsage } from '../publish/target.ts';
import { parseOptions, UsageError } from './command.ts';

export const usage = `Usage: praxis diff [--content DIR] [--local | --env NAME]
       praxis diff A [B] [--local | --env NAME]

Builds DIR and compares it with the version the store currently serves: documents added (+),
changed (~) and removed (-), and how many objects a publish would upload. Writes nothing
(the same as \`praxis publish --dry-run\`).

With version ids (from \`praxis versions\`, or unambiguous prefixes of at least 4 characters),
compares two published versions instead — A with B, or A with the version served — read from their
archives in the R2 bucket bound as ARCHIVE, so versions \`praxis gc\` pruned from KV compare too.

Options:
  --content DIR   content folder (default: content)
  -h, --help      show this help

${targetUsage}`;

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(argv, {
    content: { type: 'string', default: 'content' },
    ...targetOptions,
  });
  if (positionals.length > 2)
    throw new UsageError(`expected at most two versions, got ${positionals.length}`);
  if (positionals.length) {
    return withTarget('diff', values, async (store) => {
      const { from, to, diff } = await diffVersions(store, positionals[0]!, positionals[1]);
      console.log(`version ${to.version} vs ${from.version} (from ${store.archive.description})`);
      for (const line of diffLines(diff)) console.log(line);
      return 0;
    });
  }
  const built = await buildBundle(values.content!);
  if (!built.ok) {
    for (const error of built.errors) console.error(formatBuildError(error));
    console.error(`\npraxis diff: content has ${built.errors.length} error(s).`);
    return 1;
  }
  return withTarget('diff', values, async (store) => {
    const report = await publishBundle(built.bundle, store, { author: null, dryRun: true });
    const current = report.previous
      ? `current version ${report.previous.version}`
      : 'an empty store (nothing published yet)';
    console.log(`version ${report.version} (built) vs ${current} in ${store.description}`);
    for (const line of diffLines(report.diff)) console.log(line);
    console.log(transferLine(report));
    return 0;
  });
}
