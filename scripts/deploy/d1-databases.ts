// `praxis deploy` and D1 (the INSIGHTS database of usage events, docs/insights.md): every
// [[d1_databases]] with a placeholder id is found by name in `wrangler d1 list --json` or created
// with `wrangler d1 create`, and its id goes into the generated config; once that config is
// written, `wrangler d1 migrations apply <name> --remote` brings each database's schema up to date
// from migrations/ before the Worker that writes to it is deployed.
import { isPlaceholder, resourceName, type DeployConfig } from './deploy-config.ts';

export interface D1Steps {
  dry: boolean;
  out: (line: string) => void;
  would: (args: string[], note?: string) => void;
  call: (args: string[]) => Promise<{ stdout: string; output: string }>;
  json: <T>(stdout: string, args: string[]) => T;
  fail: (message: string) => never;
  generatedName: string;
}

/** Each D1 binding's database: its name and id (empty in a dry run when it would be created). */
export type D1Databases = Map<string, { name: string; id: string }>;

export async function findOrCreateD1(config: DeployConfig, steps: D1Steps): Promise<D1Databases> {
  const { dry, out, would, call, json, fail } = steps;
  const found: D1Databases = new Map();
  if (!config.d1Databases.length) {
    out('  none declared');
    return found;
  }
  const listArgs = ['d1', 'list', '--json'];
  let databases: Array<{ uuid: string; name: string }> = [];
  if (dry) would(listArgs);
  else databases = json(await call(listArgs).then((result) => result.stdout), listArgs);
  for (const d1 of config.d1Databases) {
    const name = isPlaceholder(d1.database_name)
      ? resourceName(config.name, d1.binding)
      : d1.database_name!;
    if (!isPlaceholder(d1.database_id)) {
      if (!dry && !databases.some((database) => database.uuid === d1.database_id))
        fail(
          `[[d1_databases]] binding = "${d1.binding}" has database_id ${d1.database_id}, which is not a D1 database of this account: put back the placeholder "22222222222222222222222222222222" to have one created, or correct the id in ${config.path}`,
        );
      found.set(d1.binding, { name, id: d1.database_id! });
      out(`  ${d1.binding}: ${d1.database_id} (from ${config.path})`);
      continue;
    }
    const create = ['d1', 'create', name];
    if (dry) {
      would(
        create,
        `   (unless a database named ${name} exists; its id goes into ${steps.generatedName})`,
      );
      found.set(d1.binding, { name, id: '' });
      continue;
    }
    let database = databases.find((candidate) => candidate.name === name);
    if (database) out(`  ${d1.binding}: database ${name} exists (${database.uuid})`);
    else {
      await call(create);
      databases = json(await call(listArgs).then((result) => result.stdout), listArgs);
      database = databases.find((candidate) => candidate.name === name);
      if (!database) fail(`wrangler created ${name} but d1 list does not show it`);
      out(`  ${d1.binding}: created database ${name} (${database!.uuid})`);
    }
    found.set(d1.binding, { name, id: database!.uuid });
  }
  return found;
}

/** Applies migrations/ to every database, remotely, through the generated config. */
export async function applyD1Migrations(
  databases: D1Databases,
  configFlag: string[],
  steps: D1Steps,
): Promise<void> {
  if (!databases.size) {
    steps.out('  no D1 database');
    return;
  }
  for (const [binding, { name }] of databases) {
    const args = ['d1', 'migrations', 'apply', name, '--remote', ...configFlag];
    if (steps.dry) {
      steps.would(args, '   (applies what migrations/ holds and the database lacks)');
      continue;
    }
    const { output } = await steps.call(args);
    steps.out(
      `  ${binding}: ${/no migrations to apply/i.test(output) ? 'up to date' : 'migrations applied'}`,
    );
  }
}

/** The generated config's d1_databases: each with its database's name and id. */
export function generatedD1(
  raw: Record<string, unknown>,
  databases: D1Databases,
): Array<Record<string, unknown>> | undefined {
  const declared = raw.d1_databases as Array<Record<string, unknown>> | undefined;
  return declared?.map((d1) => {
    const found = databases.get(String(d1.binding));
    return found ? { ...d1, database_name: found.name, database_id: found.id } : d1;
  });
}
