import { readHistory } from '../publish/archive.ts';
import { formatBytes } from '../publish/progress.ts';
import { withTarget } from '../publish/run-command.ts';
import { targetOptions, targetUsage } from '../publish/target.ts';
import { readState } from '../publish/versions.ts';
import { parseOptions } from './command.ts';

export const usage = `Usage: praxis versions [--json] [--local | --env NAME]

Lists every archived version, read from the R2 bucket bound as ARCHIVE: id, when it was published,
the git commit and author it was built from, its document count and size, and whether KV still
holds it (KV: kept) or \`praxis gc\` pruned it (KV: pruned; \`praxis rollback\` restores it from the
archive). The version being served is marked with *.

Options:
  --json        print the version records as JSON
  -h, --help    show this help

${targetUsage}`;

export async function run(argv: string[]): Promise<number> {
  const { values } = parseOptions(argv, {
    json: { type: 'boolean', default: false },
    ...targetOptions,
  });
  return withTarget('versions', values, async (store) => {
    const [{ pointer, versions: inKv }, history] = await Promise.all([
      readState(store),
      readHistory(store.archive),
    ]);
    const kept = new Set(inKv.map((record) => record.version));
    const newestFirst = [...history].reverse();
    if (values.json) {
      console.log(
        JSON.stringify(
          {
            current: pointer?.version ?? null,
            versions: newestFirst.map((record) => ({ ...record, inKv: kept.has(record.version) })),
          },
          null,
          2,
        ),
      );
      return 0;
    }
    if (!newestFirst.length) {
      console.log(
        pointer
          ? `serving ${pointer.version}; ${store.archive.description} holds no version history yet (publish once to start it)`
          : 'nothing has been published yet',
      );
    }
    const rows = newestFirst.map((record) => [
      record.manifest === pointer?.manifest ? '*' : ' ',
      record.version,
      record.publishedAt.replace('T', ' ').replace(/\.\d+Z$/, 'Z'),
      record.commit?.slice(0, 12) ?? '-',
      String(record.documentCount),
      `${record.objects.count} (${formatBytes(record.objects.bytes)})`,
      kept.has(record.version) ? 'kept' : 'pruned',
      record.author ?? '-',
    ]);
    if (rows.length)
      printTable([
        [' ', 'VERSION', 'PUBLISHED', 'COMMIT', 'DOCS', 'OBJECTS', 'KV', 'AUTHOR'],
        ...rows,
      ]);
    return 0;
  });
}

function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows)
    console.log(
      row
        .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!)))
        .join('  ')
        .trimEnd(),
    );
}
