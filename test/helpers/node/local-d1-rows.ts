// The rows of a table in the local D1 database `praxis dev` serves, read straight from the SQLite
// file wrangler keeps it in under the state folder (read-only, as any reader of a WAL database may
// while workerd writes). Each `wrangler d1 execute` is a process of about 5 s of CPU: the tests read
// with wrangler where the command itself is what they show, and poll here.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export async function localD1Rows(
  stateDir: string,
  table: string,
): Promise<Array<Record<string, unknown>>> {
  const { DatabaseSync } = await nodeSqlite();
  const dir = join(stateDir, 'v3', 'd1');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.sqlite'))
    .map((file) => join(dir, file));
  for (const file of files) {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      const found = db
        .prepare("select name from sqlite_master where type = 'table' and name = ?")
        .get(table);
      if (found)
        return db.prepare(`select * from "${table}" order by rowid`).all() as Array<
          Record<string, unknown>
        >;
    } finally {
      db.close();
    }
  }
  throw new Error(`no local D1 database under ${dir} has a table ${table}`);
}

/** node:sqlite (Node 22) without its one-time "experimental" warning on the test's output. */
export async function nodeSqlite(): Promise<typeof import('node:sqlite')> {
  const emitWarning = process.emitWarning;
  process.emitWarning = () => {};
  try {
    return await import('node:sqlite');
  } finally {
    process.emitWarning = emitWarning;
  }
}
