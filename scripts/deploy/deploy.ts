// `praxis deploy`, step by step: every step says what it runs; a dry run says it and runs nothing
// that touches Cloudflare. Nothing is changed before every check that can fail early has passed
// (configuration, login, secret values), and each step is safe to repeat: existing namespaces and
// buckets are found by name, secrets already set are kept, content already published is not re-sent.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';
import { authModeDeploymentNamed } from '../../src/shared/auth/modes.ts';
import { issueLocalToken } from '../../src/shared/auth/local-token.ts';
import { buildBundle } from '../compile/stream/build-bundle.ts';
import { formatBuildError } from '../compile/errors.ts';
import { contentAuthor } from '../publish/author.ts';
import { publishBundle } from '../publish/publish.ts';
import { archiveLine, outcomeLine, transferLine } from '../publish/report.ts';
import { ARCHIVE_BINDING } from '../publish/archive-binding.ts';
import { openWranglerStore } from '../publish/wrangler-store.ts';
import { AUTH_REQUIREMENTS } from './auth-requirements.ts';
import {
  applyD1Migrations,
  findOrCreateD1,
  generatedD1,
  type D1Databases,
  type D1Steps,
} from './d1-databases.ts';
import { insightsLine, insightsSecrets } from './insights-settings.ts';
import { clientConfigs } from './client-configs.ts';
import {
  isPlaceholder,
  readDeployConfig,
  resourceName,
  type DeployConfig,
} from './deploy-config.ts';
import { listToolsWith, waitForHealth } from './live-checks.ts';
import { askHidden, canAsk, secretFromEnvironment } from './read-secret.ts';
import { authMode, refusals } from './refusals.ts';
import { runWrangler, wranglerJson } from '../dev/wrangler.ts';
import { bucketNames, deployedUrl, isLoggedIn, isMissingWorker } from './wrangler-calls.ts';
import { PraxisError } from '../../src/shared/praxis-error.ts';

export interface DeployOptions {
  configPath: string;
  contentDir: string;
  dryRun: boolean;
  /** The public URL when wrangler's output does not show it (a route on your own zone). */
  url?: string;
  /** /healthz polling: attempts and the pause between them. */
  healthAttempts?: number;
  healthDelayMs?: number;
  out?: (line: string) => void;
}

export const GENERATED_CONFIG = 'wrangler.deploy.jsonc';
const STEPS = 12;

/** A deploy step that cannot go on: its message is the last line the person sees. */
class Stop extends PraxisError {
  static override code = 'ERR_DEPLOY_STOPPED';
  override readonly code = 'ERR_DEPLOY_STOPPED';
}

/** A path as the person typed or sees it: relative to where they run praxis when inside it. */
function shown(path: string): string {
  const near = relative(process.cwd(), path);
  return near && !near.startsWith('..') && !isAbsolute(near) ? near : path;
}

export async function deploy(options: DeployOptions): Promise<number> {
  const out = options.out ?? ((line: string) => console.log(line));
  const dry = options.dryRun;
  let step = 0;
  const heading = (title: string) => out(`\n[${++step}/${STEPS}] ${title}`);
  const printable = (args: string[]) =>
    args.map((arg) => (isAbsolute(arg) ? shown(arg) : arg)).join(' ');
  const would = (args: string[], note = '') =>
    out(`  would run: wrangler ${printable(args)}${note}`);
  const ran = (args: string[]) => out(`  $ wrangler ${printable(args)}`);
  const fail = (message: string): never => {
    out(`  ✗ ${message}`);
    throw new Stop();
  };
  const call = async (args: string[], stdin?: string) => {
    ran(args);
    return runWrangler(args, stdin).catch((error: Error) => fail(error.message));
  };

  try {
    const configShown = shown(options.configPath);
    heading(`Check ${configShown}`);
    let config: DeployConfig;
    try {
      config = { ...readDeployConfig(options.configPath), path: configShown };
    } catch (error) {
      return fail(`cannot read ${configShown}: ${(error as Error).message}`);
    }
    const mode = authMode(config);
    const problems = refusals(config);
    if (problems.length) {
      for (const problem of problems) out(`  ✗ ${problem}`);
      out(
        `\npraxis deploy: refused — ${problems.length} setting(s) to change above; nothing was ${dry ? 'checked on' : 'sent to'} Cloudflare.`,
      );
      return 1;
    }
    const needs = AUTH_REQUIREMENTS[mode]!;
    const insights = insightsSecrets(config);
    const secretNames = [...needs.secrets, ...insights.secrets];
    const generatedSecrets = [...(needs.generated ?? []), ...insights.generated];
    out(
      `  Worker ${config.name}, auth mode ${mode}; KV ${config.kvNamespaces.map((kv) => kv.binding).join(', ')}${config.r2Buckets.length ? `; R2 ${config.r2Buckets.map((r2) => r2.binding).join(', ')}` : ''}${config.d1Databases.length ? `; D1 ${config.d1Databases.map((d1) => d1.binding).join(', ')}` : ''}`,
    );
    out(`  ${insightsLine(config)}`);
    const generatedPath = join(dirname(options.configPath), GENERATED_CONFIG);
    const configFlag = ['-c', generatedPath];

    heading('Cloudflare login');
    if (dry) would(['whoami'], '   (CLOUDFLARE_API_TOKEN or `npx wrangler login`)');
    else {
      const { output } = await call(['whoami']);
      if (!isLoggedIn(output))
        fail(
          'wrangler is not logged in: run `npx wrangler login`, or set CLOUDFLARE_API_TOKEN (and CLOUDFLARE_ACCOUNT_ID)',
        );
      out('  logged in');
    }

    heading(
      `Secrets for auth mode ${mode}${insights.secrets.length ? ' and insights' : ''}: ${secretNames.join(', ') || 'none'}`,
    );
    const secretValues = new Map<string, string>();
    if (secretNames.length) {
      const listArgs = ['secret', 'list', '--format', 'json', '--name', config.name];
      let existing = new Set<string>();
      if (dry) would(listArgs);
      else {
        ran(listArgs);
        const listed = await runWrangler(listArgs).then(
          ({ stdout }) => wranglerJson<Array<{ name: string }>>(stdout, listArgs),
          (error: Error) => (isMissingWorker(error) ? [] : fail(error.message)),
        );
        existing = new Set(listed.map((secret) => secret.name));
      }
      for (const name of secretNames) {
        const fromEnv = secretFromEnvironment(name);
        if (fromEnv) {
          secretValues.set(name, fromEnv);
          out(`  ${name}: from the environment variable ${name}; will be put`);
        } else if (existing.has(name)) {
          out(
            `  ${name}: already set on the Worker; kept (set ${name} in the environment to replace it)`,
          );
        } else if (generatedSecrets.includes(name)) {
          if (!dry) secretValues.set(name, randomBytes(32).toString('base64url'));
          out(
            `  ${name}: ${dry ? 'if not already set on the Worker, ' : ''}a new random value is generated and put (never shown)`,
          );
        } else if (dry) {
          out(
            `  ${name}: if not already set on the Worker, asked for at the terminal without echo (or read from the environment variable ${name})`,
          );
        } else if (canAsk()) {
          const value = await askHidden(`  ${name} (input hidden): `);
          if (!value) fail(`${name} is empty`);
          secretValues.set(name, value);
        } else {
          fail(
            `${name} is not set on the Worker and there is no terminal to ask on: set the environment variable ${name}`,
          );
        }
      }
    }

    heading('KV namespaces');
    const kvIds = new Map<string, string>();
    const listKv = ['kv', 'namespace', 'list'];
    let namespaces: Array<{ id: string; title: string }> = [];
    if (dry) would(listKv);
    else namespaces = wranglerJson(await call(listKv).then((result) => result.stdout), listKv);
    for (const kv of config.kvNamespaces) {
      if (!isPlaceholder(kv.id)) {
        if (!dry && !namespaces.some((namespace) => namespace.id === kv.id)) {
          fail(
            `[[kv_namespaces]] binding = "${kv.binding}" has id ${kv.id}, which is not a KV namespace of this account: put back the placeholder "00000000000000000000000000000000" to have one created, or correct the id in ${configShown}`,
          );
        }
        kvIds.set(kv.binding, kv.id!);
        out(`  ${kv.binding}: ${kv.id} (from ${basename(options.configPath)})`);
        continue;
      }
      const title = resourceName(config.name, kv.binding);
      const create = ['kv', 'namespace', 'create', title];
      if (dry) {
        would(
          create,
          `   (unless a namespace titled ${title} exists; its id goes into ${GENERATED_CONFIG})`,
        );
        kvIds.set(kv.binding, kv.id ?? '');
        continue;
      }
      let found = namespaces.find((namespace) => namespace.title === title);
      if (found) out(`  ${kv.binding}: namespace ${title} exists (${found.id})`);
      else {
        await call(create);
        namespaces = wranglerJson(await call(listKv).then((result) => result.stdout), listKv);
        found = namespaces.find((namespace) => namespace.title === title);
        if (!found) fail(`wrangler created ${title} but kv namespace list does not show it`);
        out(`  ${kv.binding}: created namespace ${title} (${found!.id})`);
      }
      kvIds.set(kv.binding, found!.id);
    }

    heading('R2 buckets');
    const bucketFor = new Map<string, string>();
    if (!config.r2Buckets.length) out('  none declared');
    else {
      const listR2 = ['r2', 'bucket', 'list'];
      let buckets: string[] = [];
      if (dry) would(listR2);
      else buckets = bucketNames((await call(listR2)).stdout);
      for (const r2 of config.r2Buckets) {
        const name = isPlaceholder(r2.bucket_name)
          ? resourceName(config.name, r2.binding)
          : r2.bucket_name!;
        bucketFor.set(r2.binding, name);
        if (dry) would(['r2', 'bucket', 'create', name], `   (unless bucket ${name} exists)`);
        else if (buckets.includes(name)) out(`  ${r2.binding}: bucket ${name} exists`);
        else {
          await call(['r2', 'bucket', 'create', name]);
          out(`  ${r2.binding}: created bucket ${name}`);
        }
      }
    }

    const d1Steps: D1Steps = {
      dry,
      out,
      would,
      call,
      json: wranglerJson,
      fail,
      generatedName: GENERATED_CONFIG,
    };
    heading('D1 databases');
    const databases = await findOrCreateD1(config, d1Steps);

    heading(`Write ${GENERATED_CONFIG}`);
    const generated = generatedConfig(config, kvIds, bucketFor, databases);
    if (dry)
      out(
        `  would write ${shown(generatedPath)}: ${basename(options.configPath)} with the ids above (git-ignored; regenerated by every deploy)`,
      );
    else {
      const unresolved = (generated.kv_namespaces as Array<{ binding: string; id: string }>).filter(
        (kv) => isPlaceholder(kv.id),
      );
      if (unresolved.length)
        fail(`placeholder ids left for ${unresolved.map((kv) => kv.binding).join(', ')}`);
      await writeFile(
        generatedPath,
        `// Generated by \`praxis deploy\` from ${basename(options.configPath)}: edit that file, not this one.\n${JSON.stringify(generated, null, 2)}\n`,
      );
      out(`  wrote ${shown(generatedPath)}`);
    }

    heading('Apply D1 migrations');
    await applyD1Migrations(databases, configFlag, d1Steps);

    heading('Deploy the Worker');
    let url = options.url?.replace(/(?<!\/)\/+$/, '');
    if (dry) {
      would(['deploy', ...configFlag]);
      const outdir = await mkdtemp(join(tmpdir(), 'praxis-deploy-dry-'));
      try {
        const args = ['deploy', '--dry-run', '--outdir', outdir, '-c', options.configPath];
        out(
          `  checking the bundle offline: wrangler deploy --dry-run -c ${basename(options.configPath)}`,
        );
        const { output } = await runWrangler(args).catch((error: Error) => fail(error.message));
        const size = output.match(/Total Upload:[^\n]*/)?.[0];
        out(`  bundle ok${size ? ` (${size.trim()})` : ''}`);
      } finally {
        await rm(outdir, { recursive: true, force: true });
      }
    } else {
      const { output } = await call(['deploy', ...configFlag]);
      url ??= deployedUrl(output);
      if (!url)
        fail("wrangler deploy did not print the Worker's URL: pass it with --url https://…");
      out(`  deployed to ${url}`);
    }

    heading('Put secrets');
    if (!secretNames.length) out('  none needed');
    for (const name of secretNames) {
      const args = ['secret', 'put', name, ...configFlag];
      if (dry) would(args, '   (value on stdin, when one was given or asked for above)');
      else if (secretValues.has(name)) {
        await call(args, secretValues.get(name));
        out(`  ${name} set`);
      } else out(`  ${name} kept`);
    }

    heading(`Publish ${options.contentDir}`);
    const built = await buildBundle(options.contentDir);
    if (!built.ok) {
      for (const error of built.errors) out(`  ${formatBuildError(error)}`);
      fail(`content has ${built.errors.length} error(s); nothing was published`);
    }
    if (!built.ok) throw new Stop();
    const { pointer } = built.bundle;
    const contentId = kvIds.get('CONTENT')!;
    if (dry) {
      out(`  content builds: version ${pointer.version}, ${pointer.documentCount} documents`);
      out(
        `  would run: praxis publish --content ${options.contentDir} --namespace-id <CONTENT id> --bucket ${bucketFor.get(ARCHIVE_BINDING)}   (uploads what the namespace lacks, archives the version in R2, then flips the pointer)`,
      );
    } else {
      const store = openWranglerStore({
        mode: 'remote',
        namespaceId: contentId,
        bucket: bucketFor.get(ARCHIVE_BINDING)!,
      });
      try {
        const report = await publishBundle(built.bundle, store, {
          author: await contentAuthor(options.contentDir),
        });
        if (report.outcome !== 'unchanged') out(`  ${transferLine(report)}`);
        const archived = archiveLine(report, store.archive.description);
        if (archived) out(`  ${archived}`);
        out(`  ${outcomeLine(report)}`);
      } catch (error) {
        fail(`publishing failed: ${(error as Error).message}`);
      } finally {
        await store.close();
      }
    }

    heading('Check the live endpoint');
    const resource = config.vars.PRAXIS_AUTH_RESOURCE;
    const publicUrl =
      url ??
      (resource ? new URL(resource).origin : `https://${config.name}.<your-subdomain>.workers.dev`);
    const mcpUrl = `${publicUrl}/mcp`;
    const token = await smokeToken(mode, secretValues);
    if (dry) {
      out(`  would GET ${publicUrl}/healthz until it reports version ${pointer.version}`);
      out(
        `  would call tools/list at ${mcpUrl} ${token ? `with ${token.source}` : `— skipped: ${skipReason(mode)}`}`,
      );
    } else {
      const health = await waitForHealth(
        publicUrl,
        pointer.version,
        options.healthAttempts ?? 30,
        options.healthDelayMs ?? 3000,
      );
      if (!health.ok)
        fail(
          `${publicUrl}/healthz did not report version ${pointer.version}: last answer ${health.last}`,
        );
      out(`  ${publicUrl}/healthz: ${health.last}`);
      if (!token) out(`  MCP call skipped: ${skipReason(mode)}`);
      else {
        const listed = await listToolsWith(mcpUrl, token.value);
        if (!listed.ok)
          fail(`tools/list at ${mcpUrl} with ${token.source} failed: ${listed.problem}`);
        if (listed.ok)
          out(`  tools/list at ${mcpUrl} with ${token.source}: ${listed.tools.length} tools`);
      }
      if (resource && new URL(resource).origin !== new URL(publicUrl).origin) {
        out(
          `  ! PRAXIS_AUTH_RESOURCE is ${resource} but the Worker answers at ${publicUrl}: tokens for one are refused by the other — set PRAXIS_AUTH_RESOURCE = "${mcpUrl}" in ${configShown} (or serve it on that URL) and deploy again`,
        );
      }
    }

    out(
      `\n${dry ? 'Dry run: nothing was created, deployed or published.' : `Praxis is deployed: ${mcpUrl}`}\n`,
    );
    out(clientConfigs(mcpUrl, mode));
    return 0;
  } catch (error) {
    if (error instanceof Stop) {
      out(
        `\npraxis deploy: stopped at step ${step}; run it again once that is fixed (finished steps are skipped).`,
      );
      return 1;
    }
    throw error;
  }
}

function generatedConfig(
  config: DeployConfig,
  kvIds: Map<string, string>,
  buckets: Map<string, string>,
  databases: D1Databases,
): Record<string, unknown> {
  const generated: Record<string, unknown> = { ...config.raw };
  generated.kv_namespaces = (config.raw.kv_namespaces as Array<Record<string, unknown>>).map(
    (kv) => ({ ...kv, id: kvIds.get(String(kv.binding)) ?? kv.id }),
  );
  if (config.raw.r2_buckets) {
    generated.r2_buckets = (config.raw.r2_buckets as Array<Record<string, unknown>>).map((r2) => ({
      ...r2,
      bucket_name: buckets.get(String(r2.binding)) ?? r2.bucket_name,
    }));
  }
  const d1 = generatedD1(config.raw, databases);
  if (d1) generated.d1_databases = d1;
  return generated;
}

/** How deploy authenticates its MCP call without a person: a token handed to it, or one it can mint. */
async function smokeToken(
  mode: string,
  secrets: Map<string, string>,
): Promise<{ value: string; source: string } | undefined> {
  const given = process.env.PRAXIS_DEPLOY_TOKEN;
  if (given) return { value: given, source: 'the token in PRAXIS_DEPLOY_TOKEN' };
  const localSecret = secrets.get('PRAXIS_LOCAL_SECRET');
  if (authModeDeploymentNamed(mode)?.deployMintsLocalToken && localSecret)
    return {
      value: await issueLocalToken(localSecret, 'praxis-deploy'),
      source: 'a local token signed with the PRAXIS_LOCAL_SECRET just put',
    };
  return undefined;
}

function skipReason(mode: string): string {
  return `in ${mode} mode tokens come from your identity provider, which deploy cannot sign in to — set PRAXIS_DEPLOY_TOKEN to a token for this endpoint to have the call made`;
}
