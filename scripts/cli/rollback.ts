import { rollback } from '../publish/rollback.ts';
import { withTarget } from '../publish/run-command.ts';
import { targetOptions, targetUsage } from '../publish/target.ts';
import { parseOptions, UsageError } from './command.ts';

export const usage = `Usage: praxis rollback [VERSION] [--local | --env NAME]

Serves VERSION again (an id from \`praxis versions\`, or an unambiguous prefix of at least 4
characters), read from its archive in the R2 bucket bound as ARCHIVE: the archive is checked whole,
the objects KV no longer holds (\`praxis gc\` pruned them) are put back, and the pointer flips last.
A missing or damaged archive changes nothing. Without VERSION, rolls back to the version published
before the current one. Nothing is deleted; publish again to move on.

Options:
  -h, --help    show this help

${targetUsage}`;

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(argv, targetOptions);
  if (positionals.length > 1)
    throw new UsageError(`expected at most one VERSION, got ${positionals.length}`);
  return withTarget('rollback', values, async (store) => {
    const report = await rollback(store, positionals[0]);
    if (report.unchanged) {
      console.log(`version ${report.to.version} is already current: nothing to do`);
      return 0;
    }
    const { to } = report;
    if (report.restored)
      console.log(
        `restored ${report.restored} object(s) to ${store.description} from ${store.archive.description}`,
      );
    console.log(
      `rolled back to ${to.version} (commit ${to.commit?.slice(0, 12) ?? 'unknown'}, ${to.documentCount} documents, published ${to.publishedAt}) from ${report.from?.version ?? 'nothing'}`,
    );
    return 0;
  });
}
