// `praxis deploy` end to end against a recording stand-in for wrangler on PATH (Cloudflare cannot be
// reached from here: test/fixtures/fake-wrangler keeps a fake account in a temp folder). The "live
// URL" the stand-in reports is a real Worker: `praxis dev` under workerd, so /healthz and the
// authenticated tools/list go over real HTTP to the real app. The dry run uses the real wrangler.
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploy } from '../../../scripts/deploy/deploy.ts';
import { localSecret } from '../../../scripts/dev/local-secret.ts';
import { POINTER_KEY } from '../../../src/bundle/bundle.ts';
import { spawnPraxisDev, type RunningDev } from '../../../scripts/dev/spawn-praxis-dev.ts';
import { maskVolatile } from '../../helpers/node/volatile-values.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
const FIXTURE = join(ROOT, 'test/fixtures/content');
const FAKE_DIR = join(ROOT, 'test/fixtures/fake-wrangler');
const PLACEHOLDER = '00000000000000000000000000000000';

interface Run {
  code: number;
  output: string;
}
interface Call {
  args: string[];
  stdinLength: number;
}
/** The command words of a call, before its first flag: `kv namespace create`, `secret list`. */
const commandOf = (call: Call) => {
  const leading = call.args.findIndex((arg) => arg.startsWith('-'));
  return (leading < 0 ? call.args : call.args.slice(0, leading)).slice(0, 3).join(' ');
};

/** `praxis deploy` in this process (the CLI's startup costs seconds a run), with these environment variables. */
async function praxisDeploy(args: string[], env: Record<string, string | undefined>): Promise<Run> {
  const { values } = parseArgs({
    args,
    options: {
      config: { type: 'string' },
      content: { type: 'string' },
      'dry-run': { type: 'boolean' },
    },
  });
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  const lines: string[] = [];
  apply(env);
  try {
    const code = await deploy({
      configPath: values.config!,
      contentDir: values.content!,
      dryRun: values['dry-run'] ?? false,
      healthDelayMs: 500,
      out: (line) => lines.push(line),
    });
    return { code, output: lines.join('\n') };
  } finally {
    apply(saved);
  }
}

/** wrangler.toml of this checkout with other vars and bindings, as a team would edit it. */
async function configFile(
  dir: string,
  vars: Record<string, string>,
  extra = '',
  without?: string,
): Promise<string> {
  let text = (await readFile(join(ROOT, 'wrangler.toml'), 'utf8'))
    .replace('main = "src/worker/index.ts"', `main = "${join(ROOT, 'src/worker/index.ts')}"`)
    .replace('migrations_dir = "migrations"', `migrations_dir = "${join(ROOT, 'migrations')}"`);
  if (without)
    text = text.replace(
      new RegExp(
        `\\[\\[(kv_namespaces|r2_buckets|d1_databases)\\]\\]\\nbinding = "${without}"\\n(?:[a-z_]+ = "[^"]*"\\n)+`,
      ),
      '',
    );
  // A var wrangler.toml sets already is changed in place (TOML refuses a key twice); the rest replace the auth mode's line.
  const lines = Object.entries(vars)
    .filter(([key, value]) => {
      const line = new RegExp(`^${key} = "[^"]*"$`, 'm');
      if (key === 'PRAXIS_AUTH_MODE' || !line.test(text)) return true;
      text = text.replace(line, `${key} = "${value}"`);
      return false;
    })
    .map(([key, value]) => `${key} = "${value}"`)
    .join('\n');
  text = text.replace(/^PRAXIS_AUTH_MODE = "local"$/m, lines);
  const path = join(dir, 'wrangler.toml');
  await writeFile(path, `${text}\n${extra}`);
  return path;
}

const OAUTH = {
  PRAXIS_AUTH_MODE: 'oauth',
  PRAXIS_AUTH_RESOURCE: 'https://praxis.example.com/mcp',
  PRAXIS_OIDC_ISSUER: 'https://login.example.com',
  PRAXIS_OIDC_CLIENT_ID: 'praxis',
};
const AUTO = {
  PRAXIS_AUTH_MODE: 'auto',
  PRAXIS_AUTH_ISSUERS: 'https://login.example.com/',
  PRAXIS_AUTH_RESOURCE: 'https://praxis.example.com/mcp',
};
// wrangler.toml itself declares CONTENT and OAUTH_KV with placeholder ids (000…, 111…).
const MORE_BINDINGS = `
[[r2_buckets]]
binding = "ATTACHMENTS"
bucket_name = "praxis-attachments"
`;

describe('praxis deploy against a stand-in wrangler', () => {
  let dev: RunningDev;
  let secret: string;
  beforeAll(async () => {
    dev = await spawnPraxisDev(['--content', FIXTURE, '--insights', 'off']);
    secret = await localSecret();
  }, 120_000);
  afterAll(() => dev?.stop());

  async function account() {
    const dir = await mkdtemp(join(tmpdir(), 'praxis-deploy-test-'));
    const env = {
      PATH: `${FAKE_DIR}${delimiter}${process.env.PATH}`,
      PRAXIS_WRANGLER: 'wrangler',
      FAKE_WRANGLER_STATE: dir,
      FAKE_WRANGLER_URL: `http://127.0.0.1:${dev.port}`,
      PRAXIS_LOCAL_SECRET: undefined as string | undefined,
      PRAXIS_DEPLOY_TOKEN: undefined as string | undefined,
    };
    const calls = async (): Promise<Call[]> =>
      existsSync(join(dir, 'calls.jsonl'))
        ? (await readFile(join(dir, 'calls.jsonl'), 'utf8'))
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as Call)
        : [];
    const state = async () =>
      JSON.parse(await readFile(join(dir, 'state.json'), 'utf8')) as {
        namespaces: Array<{ id: string; title: string }>;
        buckets: string[];
        secrets: Record<string, string>;
        databases: Array<{ uuid: string; name: string; migrations: string[] }>;
        deployed: string;
        kv: Record<string, Record<string, string>>;
        objects: Record<string, Record<string, string>>;
      };
    return { dir, env, calls, state, cleanup: () => rm(dir, { recursive: true, force: true }) };
  }

  it('creates every placeholder binding, deploys, puts the secret on stdin, publishes and checks the live URL; a second run changes nothing', async () => {
    const fake = await account();
    try {
      const config = await configFile(fake.dir, AUTO, MORE_BINDINGS);
      const env = { ...fake.env, PRAXIS_LOCAL_SECRET: secret };
      const first = await praxisDeploy(['--config', config, '--content', FIXTURE], env);
      expect(first.output).toContain(`Praxis is deployed: http://127.0.0.1:${dev.port}/mcp`);
      expect(first.code).toBe(0);
      const state = await fake.state();
      expect(state.namespaces.map((ns) => ns.title).sort()).toEqual([
        'praxis-content',
        'praxis-oauth-kv',
      ]);
      expect(state.buckets).toEqual(['praxis-archive', 'praxis-attachments']);
      // Insights are on in wrangler.toml: the caller-id key is generated, never shown.
      expect(Object.keys(state.secrets).sort()).toEqual([
        'PRAXIS_INSIGHTS_KEY',
        'PRAXIS_LOCAL_SECRET',
      ]);
      expect(state.secrets.PRAXIS_LOCAL_SECRET).toBe(secret);
      const insightsKey = state.secrets.PRAXIS_INSIGHTS_KEY!;
      expect(insightsKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(first.output).not.toContain(insightsKey);
      // The D1 database was created by name, got migrations/ applied, and its id is in the generated config.
      expect(state.databases.map(({ name, migrations }) => ({ name, migrations }))).toEqual([
        {
          name: 'praxis-insights',
          // Every migration file, in order (usage events, feedback, …).
          migrations: readdirSync(join(ROOT, 'migrations'))
            .filter((file) => file.endsWith('.sql'))
            .sort(),
        },
      ]);
      // The generated config carries the created ids; wrangler.toml keeps its placeholders.
      const deployed = JSON.parse(state.deployed.replace(/^\/\/.*\n/, '')) as {
        kv_namespaces: Array<{ binding: string; id: string }>;
        d1_databases: Array<{ binding: string; database_name: string; database_id: string }>;
        vars: Record<string, string>;
      };
      expect(deployed.d1_databases).toMatchObject([
        {
          binding: 'INSIGHTS',
          database_name: 'praxis-insights',
          database_id: state.databases[0]!.uuid,
        },
      ]);
      const idOf = (title: string) => state.namespaces.find((ns) => ns.title === title)!.id;
      expect(deployed.kv_namespaces).toEqual([
        { binding: 'CONTENT', id: idOf('praxis-content') },
        { binding: 'OAUTH_KV', id: idOf('praxis-oauth-kv') },
      ]);
      expect(deployed.vars.PRAXIS_AUTH_MODE).toBe('auto');
      expect(await readFile(config, 'utf8')).toContain(PLACEHOLDER);
      // Content went into the CONTENT namespace, pointer included.
      expect(Object.keys(state.kv[idOf('praxis-content')]!)).toContain(POINTER_KEY);
      // ...and the version's archive into the ARCHIVE bucket, through wrangler r2 object put --remote.
      const pointer = JSON.parse(state.kv[idOf('praxis-content')]![POINTER_KEY]!) as {
        version: string;
      };
      expect(Object.keys(state.objects['praxis-archive']!).sort()).toEqual([
        `praxis/archive/${pointer.version}/head.json`,
        `praxis/archive/${pointer.version}/part-0001.ndjson.gz`,
        'praxis/versions.json',
      ]);
      expect(first.output).toContain(
        `archived version ${pointer.version} in remote R2 bucket praxis-archive: 1 part(s)`,
      );
      const calls = await fake.calls();
      const words = calls.map(commandOf);
      expect(words.slice(0, 10)).toEqual([
        'whoami',
        'secret list',
        'kv namespace list',
        'kv namespace create',
        'kv namespace list',
        'kv namespace create',
        'kv namespace list',
        'r2 bucket list',
        'r2 bucket create',
        'r2 bucket create',
      ]);
      expect(words.slice(10, 14)).toEqual([
        'd1 list',
        'd1 create praxis-insights',
        'd1 list',
        'd1 migrations apply',
      ]);
      expect(
        calls
          .filter((call) => commandOf(call) === 'r2 object put')
          .every((call) => call.args.includes('--remote')),
      ).toBe(true);
      const deployAt = words.indexOf('deploy');
      const putAt = words.findIndex((word) => word === 'secret put PRAXIS_LOCAL_SECRET');
      // The schema is in place before the Worker that writes to it is deployed.
      expect(deployAt).toBeGreaterThan(words.indexOf('d1 migrations apply'));
      expect(putAt).toBeGreaterThan(deployAt);
      expect(calls[putAt]!.stdinLength).toBe(secret.length);
      // The secret is never an argument and never printed.
      expect(JSON.stringify(calls.map((call) => call.args))).not.toContain(secret);
      expect(first.output).not.toContain(secret);
      expect(first.output).toMatch(/healthz: 200 .*"status":"ok"/);
      expect(first.output).toMatch(
        /tools\/list at http:\/\/127\.0\.0\.1:\d+\/mcp with a local token signed with the PRAXIS_LOCAL_SECRET just put: \d+ tools/,
      );
      expect(first.output).toContain('"command": "praxis"');

      const before = calls.length;
      const second = await praxisDeploy(['--config', config, '--content', FIXTURE], {
        ...fake.env,
      });
      expect(second.code).toBe(0);
      const again = (await fake.calls()).slice(before).map(commandOf);
      expect(
        again.filter((word) => /create|secret put|kv bulk put|r2 object put/.test(word)),
      ).toEqual([]);
      expect(again).toContain('deploy');
      expect(second.output).toContain('PRAXIS_LOCAL_SECRET: already set on the Worker; kept');
      expect(second.output).toContain('PRAXIS_INSIGHTS_KEY: already set on the Worker; kept');
      expect(second.output).toContain('INSIGHTS: database praxis-insights exists');
      expect(second.output).toContain('INSIGHTS: up to date');
      expect((await fake.state()).secrets.PRAXIS_INSIGHTS_KEY).toBe(insightsKey);
      expect(second.output).toContain('CONTENT: namespace praxis-content exists');
      expect(second.output).toContain('MCP call skipped');
      expect((await fake.state()).namespaces).toHaveLength(2);
    } finally {
      await fake.cleanup();
    }
  }, 240_000);

  it('oauth mode: puts the client secret it is given and a generated consent secret, showing neither', async () => {
    const fake = await account();
    try {
      const clientSecret = 'upstream-client-secret-0123456789';
      const config = await configFile(fake.dir, OAUTH);
      const run = await praxisDeploy(['--config', config, '--content', FIXTURE], {
        ...fake.env,
        PRAXIS_OIDC_CLIENT_SECRET: clientSecret,
      });
      expect(run.code, run.output).toBe(0);
      const { secrets, namespaces } = await fake.state();
      expect(namespaces.map((ns) => ns.title).sort()).toEqual([
        'praxis-content',
        'praxis-oauth-kv',
      ]);
      expect(secrets.PRAXIS_OIDC_CLIENT_SECRET).toBe(clientSecret);
      expect(secrets.PRAXIS_CONSENT_SECRET).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(run.output).toContain(
        'PRAXIS_CONSENT_SECRET: a new random value is generated and put (never shown)',
      );
      for (const value of [clientSecret, secrets.PRAXIS_CONSENT_SECRET!]) {
        expect(run.output).not.toContain(value);
        expect(JSON.stringify((await fake.calls()).map((call) => call.args))).not.toContain(value);
      }
      // A second run keeps the generated secret: remembered consent stays valid across deploys.
      const second = await praxisDeploy(['--config', config, '--content', FIXTURE], {
        ...fake.env,
      });
      expect(second.code, second.output).toBe(0);
      expect(second.output).toContain('PRAXIS_CONSENT_SECRET: already set on the Worker; kept');
      expect((await fake.state()).secrets.PRAXIS_CONSENT_SECRET).toBe(
        secrets.PRAXIS_CONSENT_SECRET,
      );
    } finally {
      await fake.cleanup();
    }
  }, 240_000);

  it.each([
    ['off', { PRAXIS_AUTH_MODE: 'off' }, 'PRAXIS_AUTH_MODE=off is refused on a public URL'],
    ['local', { PRAXIS_AUTH_MODE: 'local' }, 'PRAXIS_AUTH_MODE=local is refused on a public URL'],
    [
      'cloud without its resource',
      { PRAXIS_AUTH_MODE: 'cloud', PRAXIS_AUTH_ISSUERS: 'https://login.example.com/' },
      'PRAXIS_AUTH_MODE=cloud needs PRAXIS_AUTH_RESOURCE',
    ],
    [
      'cloud without its issuer',
      { PRAXIS_AUTH_MODE: 'cloud', PRAXIS_AUTH_RESOURCE: 'https://praxis.example.com/mcp' },
      'PRAXIS_AUTH_MODE=cloud needs PRAXIS_AUTH_ISSUERS',
    ],
    [
      'an http resource',
      { ...AUTO, PRAXIS_AUTH_RESOURCE: 'http://praxis.example.com/mcp' },
      'must be an https:// URL',
    ],
    [
      'oauth without its KV namespace',
      { ...OAUTH },
      'no KV namespace is bound as OAUTH_KV',
      'OAUTH_KV',
    ],
    [
      'oauth without its resource',
      { ...OAUTH, PRAXIS_AUTH_RESOURCE: '' },
      'PRAXIS_AUTH_MODE=oauth needs PRAXIS_AUTH_RESOURCE',
    ],
    [
      'insights on without the INSIGHTS database',
      { ...AUTO },
      'no D1 database is bound as INSIGHTS (PRAXIS_INSIGHTS=on writes usage events there)',
      'INSIGHTS',
    ],
    [
      'insights neither on nor off',
      { ...AUTO, PRAXIS_INSIGHTS: 'maybe' },
      "PRAXIS_INSIGHTS='maybe' must be on or off",
    ],
    [
      'without the archive bucket',
      { ...AUTO },
      'no R2 bucket is bound as ARCHIVE (every published version is archived there; rollback reads it)',
      'ARCHIVE',
    ],
  ])(
    'refuses auth %s before calling wrangler at all, naming the setting',
    async (_name, vars, message, without?: string) => {
      const fake = await account();
      try {
        const run = await praxisDeploy(
          ['--config', await configFile(fake.dir, vars, '', without), '--content', FIXTURE],
          fake.env,
        );
        expect(run.code).toBe(1);
        expect(run.output).toContain(message);
        expect(run.output).toContain('praxis deploy: refused');
        expect(await fake.calls()).toEqual([]);
      } finally {
        await fake.cleanup();
      }
    },
  );

  it('refuses an id that is not a namespace of the account, creating and deploying nothing', async () => {
    const fake = await account();
    try {
      const config = await configFile(fake.dir, {
        PRAXIS_AUTH_MODE: 'cloud',
        PRAXIS_AUTH_ISSUERS: 'https://login.example.com/',
        PRAXIS_AUTH_RESOURCE: 'https://praxis.example.com/mcp',
      });
      await writeFile(
        config,
        (await readFile(config, 'utf8')).replace(PLACEHOLDER, '0123456789abcdef0123456789abcdef'),
      );
      const run = await praxisDeploy(['--config', config, '--content', FIXTURE], fake.env);
      expect(run.code).toBe(1);
      expect(run.output).toContain(
        '[[kv_namespaces]] binding = "CONTENT" has id 0123456789abcdef0123456789abcdef, which is not a KV namespace of this account',
      );
      const words = (await fake.calls()).map((call) => call.args.slice(0, 2).join(' '));
      // secret list: insights' key is looked for before anything is created.
      expect(words).toEqual(['whoami', 'secret list', 'kv namespace']);
      expect(existsSync(join(fake.dir, 'wrangler.deploy.jsonc'))).toBe(false);
    } finally {
      await fake.cleanup();
    }
  });

  it('stops after whoami when wrangler is not logged in', async () => {
    const fake = await account();
    try {
      const run = await praxisDeploy(
        ['--config', await configFile(fake.dir, AUTO), '--content', FIXTURE],
        { ...fake.env, FAKE_WRANGLER_LOGGED_OUT: '1' },
      );
      expect(run.code).toBe(1);
      expect(run.output).toContain(
        'wrangler is not logged in: run `npx wrangler login`, or set CLOUDFLARE_API_TOKEN',
      );
      expect((await fake.calls()).map((call) => call.args[0])).toEqual(['whoami']);
    } finally {
      await fake.cleanup();
    }
  });

  it('refuses before creating anything when a required secret has no value and no terminal to ask on', async () => {
    const fake = await account();
    try {
      const run = await praxisDeploy(
        ['--config', await configFile(fake.dir, AUTO), '--content', FIXTURE],
        fake.env,
      );
      expect(run.code).toBe(1);
      expect(run.output).toContain(
        'PRAXIS_LOCAL_SECRET is not set on the Worker and there is no terminal to ask on: set the environment variable PRAXIS_LOCAL_SECRET',
      );
      expect((await fake.calls()).map((call) => call.args.slice(0, 2).join(' '))).toEqual([
        'whoami',
        'secret list',
      ]);
    } finally {
      await fake.cleanup();
    }
  });
});

describe('praxis deploy --dry-run with the real wrangler', () => {
  it('prints every step, bundles offline and changes nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'praxis-deploy-dry-'));
    try {
      const config = await configFile(dir, AUTO, MORE_BINDINGS);
      const run = await praxisDeploy(['--dry-run', '--config', config, '--content', FIXTURE], {
        PRAXIS_WRANGLER: undefined,
        CLOUDFLARE_API_TOKEN: undefined,
      });
      expect(run.code).toBe(0);
      for (const step of [
        'would run: wrangler whoami',
        'would run: wrangler secret list --format json --name praxis',
        'would run: wrangler kv namespace create praxis-content',
        'would run: wrangler kv namespace create praxis-oauth-kv',
        'would run: wrangler r2 bucket create praxis-archive',
        'would run: wrangler r2 bucket create praxis-attachments',
        'would run: wrangler d1 list --json',
        'would run: wrangler d1 create praxis-insights',
        `would run: wrangler d1 migrations apply praxis-insights --remote -c ${join(dir, 'wrangler.deploy.jsonc')}`,
        `would run: wrangler deploy -c ${join(dir, 'wrangler.deploy.jsonc')}`,
        'would run: wrangler secret put PRAXIS_LOCAL_SECRET',
        'would run: wrangler secret put PRAXIS_INSIGHTS_KEY',
        'insights on: one usage event per tool call in D1 INSIGHTS, pseudonymous caller, kept 90 days',
        'would run: praxis publish --content',
        '--bucket praxis-archive   (uploads what the namespace lacks, archives the version in R2, then flips the pointer)',
        'would GET https://praxis.example.com/healthz',
      ])
        expect(run.output).toContain(step);
      expect(run.output).toMatch(/bundle ok \(Total Upload: [\d.]+ KiB/);
      expect(run.output).toContain('Dry run: nothing was created, deployed or published.');
      expect(existsSync(join(dir, 'wrangler.deploy.jsonc'))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('docs/deploy.md', () => {
  // The page shows two dry runs "exactly": the repository's own wrangler.toml and content/, in cloud
  // mode and in oauth mode. Only what every code or content change moves is left out of the
  // comparison: the bundle's size and the content version.
  const variable = (text: string) => maskVolatile(text).trim();
  const transcripts = async (): Promise<string[]> => {
    const page = await readFile(join(ROOT, 'docs/deploy.md'), 'utf8');
    return [...page.matchAll(/```\n\$ npx praxis deploy --dry-run\n([\s\S]*?)```/g)].map((match) =>
      variable(match[1]!),
    );
  };

  for (const [index, vars] of [
    [
      0,
      {
        PRAXIS_AUTH_MODE: 'cloud',
        PRAXIS_AUTH_ISSUERS: 'https://login.example.com/',
        PRAXIS_AUTH_RESOURCE: 'https://praxis.example.com/mcp',
      },
    ],
    [1, OAUTH],
  ] as const) {
    it(`shows the ${vars.PRAXIS_AUTH_MODE} mode dry run exactly as praxis deploy prints it`, async () => {
      const dir = await mkdtemp(join(tmpdir(), 'praxis-deploy-doc-'));
      try {
        const config = await configFile(dir, vars);
        const run = await praxisDeploy(
          [
            '--dry-run',
            '--config',
            config,
            '--content',
            relative(process.cwd(), join(ROOT, 'content')),
          ],
          { PRAXIS_WRANGLER: undefined, CLOUDFLARE_API_TOKEN: undefined },
        );
        expect(run.code).toBe(0);
        // The config's folder stands for the checkout, whose files the page names bare.
        const printed = variable(run.output.replaceAll(`${dir}/`, ''));
        expect(
          (await transcripts())[index],
          'docs/deploy.md is out of date: paste this run of `npx praxis deploy --dry-run` into it',
        ).toBe(printed);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }, 120_000);
  }
});
