import { formatBytes } from '../publish/progress.ts';
import { withTarget } from '../publish/run-command.ts';
import { targetOptions, targetUsage } from '../publish/target.ts';
import { readState } from '../publish/versions.ts';
import { parseOptions } from './command.ts';

export const summary = 'List published content versions (newest first; * marks the one served)';
export const usage = `Usage: praxis versions [--json] [--local | --env NAME]

Lists every recorded version: id, when it was published, the git commit and author it was built
from, its document count and size. The version being served is marked with *.

Options:
  --json        print the version records as JSON
  -h, --help    show this help

${targetUsage}`;

export async function run(argv: string[]): Promise<number> {
  const { values } = parseOptions(argv, { json: { type: 'boolean', default: false }, ...targetOptions });
  return withTarget('versions', values, async (store) => {
    const { pointer, versions } = await readState(store);
    const newestFirst = [...versions].reverse();
    if (values.json) {
      console.log(JSON.stringify({ current: pointer?.version ?? null, versions: newestFirst }, null, 2));
      return 0;
    }
    if (!newestFirst.length) console.log(pointer ? `serving ${pointer.version}, which has no version record (not written by praxis publish)` : 'nothing has been published yet');
    const rows = newestFirst.map((record) => [
      record.manifest === pointer?.manifest ? '*' : ' ', record.version, record.publishedAt.replace('T', ' ').replace(/\.\d+Z$/, 'Z'),
      record.commit?.slice(0, 12) ?? '-', String(record.documentCount), `${record.objects.count} (${formatBytes(record.objects.bytes)})`, record.author ?? '-',
    ]);
    if (rows.length) printTable([[' ', 'VERSION', 'PUBLISHED', 'COMMIT', 'DOCS', 'OBJECTS', 'AUTHOR'], ...rows]);
    return 0;
  });
}

function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ').trimEnd());
}
