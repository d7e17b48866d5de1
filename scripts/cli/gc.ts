import { collectGarbage } from '../publish/gc.ts';
import { withTarget } from '../publish/run-command.ts';
import { targetOptions, targetUsage } from '../publish/target.ts';
import { parseOptions, UsageError } from './command.ts';

export const usage = `Usage: praxis gc [--keep N] [--dry-run] [--local | --env NAME]

Keeps the version being served and the N most recently published ones in KV (their records and
every object they use) and deletes the rest from KV. Pruned versions stay in the R2 archive:
\`praxis versions\` lists them, \`praxis rollback\` restores them. A version that is not archived is
never pruned (gc refuses). Run it when no publish is in progress (the GitHub workflow serialises
publishes; run gc the same way).

Options:
  --keep N      versions to keep besides the current one (default: 10)
  --dry-run     report what would be deleted; delete nothing
  -h, --help    show this help

${targetUsage}`;

export async function run(argv: string[]): Promise<number> {
  const { values } = parseOptions(argv, {
    keep: { type: 'string', default: '10' },
    'dry-run': { type: 'boolean', default: false },
    ...targetOptions,
  });
  const keep = Number(values.keep);
  if (!Number.isInteger(keep) || keep < 0)
    throw new UsageError(
      `--keep must be a whole number of versions (0 or more), not '${values.keep}'`,
    );
  return withTarget('gc', values, async (store) => {
    const report = await collectGarbage(store, { keep, dryRun: values['dry-run'] });
    const verb = values['dry-run'] ? 'would delete' : 'deleted';
    console.log(
      `kept ${report.kept.length} version(s): ${report.kept.map((record) => record.version).join(', ')}`,
    );
    if (report.dropped.length)
      console.log(
        `${verb} ${report.dropped.length} version record(s): ${report.dropped.map((record) => record.version).join(', ')} (still archived in ${store.archive.description})`,
      );
    console.log(
      `${verb} ${report.deleted} unreferenced object(s); ${report.retained} still in use`,
    );
    return 0;
  });
}
