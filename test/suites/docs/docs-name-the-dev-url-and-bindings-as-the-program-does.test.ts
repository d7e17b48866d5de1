// Facts the README, docs/ and wrangler.toml's comments repeat have one source, the program: the local
// MCP URL is the one `praxis dev` prints and its help names (127.0.0.1, never localhost: the URL is
// the token's audience in oauth mode), every KV namespace, R2 bucket or D1 database title they name is the one
// `praxis deploy` creates from wrangler.toml, and every binding name they give is bound there.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isPlaceholder,
  readDeployConfig,
  resourceName,
} from '../../../scripts/deploy/deploy-config.ts';
import { connectionHelp } from '../../../scripts/dev/connection-help.ts';
import { praxis } from '../../helpers/cli-run.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
const DEV_URL = 'http://127.0.0.1:8787/mcp';

/** README.md, every page of docs/ and wrangler.toml, by name. */
async function documents(): Promise<Array<[string, string]>> {
  const pages = (await readdir(join(ROOT, 'docs')))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  const names = ['README.md', 'wrangler.toml', ...pages];
  return Promise.all(
    names.map(async (name) => [name, await readFile(join(ROOT, name), 'utf8')] as [string, string]),
  );
}

/** Every match of `pattern` in the documents, as `file: match`. */
async function mentions(pattern: RegExp): Promise<string[]> {
  return (await documents()).flatMap(([name, text]) =>
    [...text.matchAll(pattern)].map((match) => `${name}: ${match[0]}`),
  );
}

describe('the docs name what the program names', () => {
  it(`give the local MCP URL as praxis dev prints it and praxis --help names it: ${DEV_URL}`, async () => {
    // Each fact on its own (expect.soft), so one run lists every place that disagrees.
    expect
      .soft(connectionHelp({ port: 8787, auth: 'oauth', insights: true }))
      .toContain(`Praxis is serving MCP at ${DEV_URL}`);
    const help = async (...args: string[]) => {
      const run = await praxis(...args, '--help');
      expect(run.code, run.stderr).toBe(0);
      return run.stdout;
    };
    expect.soft(await help()).toContain(DEV_URL);
    expect.soft(await help('dev')).not.toMatch(/localhost:\d/);
    // Every address on the dev port is 127.0.0.1, and no page names Praxis's endpoint on localhost
    // (a client's own page or redirect on localhost, such as the Inspector's, is the client's).
    const devPort = await mentions(/\b[\w.:[\]-]+:8787\b/g);
    expect(devPort.length).toBeGreaterThan(0);
    expect.soft(devPort.filter((mention) => !mention.endsWith(' 127.0.0.1:8787'))).toEqual([]);
    expect
      .soft(await mentions(/\blocalhost(?::\d+)?\/(?:mcp|healthz|authorize|oauth)\b/g))
      .toEqual([]);
    for (const [name, text] of (await documents()).filter(([name]) =>
      ['README.md', 'docs/auth.md'].includes(name),
    )) {
      expect.soft(text, name).toContain(DEV_URL);
    }
  });

  it("give auth.md's development-token configurations as praxis dev prints them in local mode", async () => {
    const banner = connectionHelp({ port: 8787, auth: 'local', insights: true }).split('\n');
    // The block under a client's heading in the banner: its lines indented by two spaces.
    const printed = (heading: string) => {
      const lines = banner.slice(banner.indexOf(heading) + 1);
      return lines
        .slice(
          0,
          lines.findIndex((line) => !line.startsWith('  ')),
        )
        .join('\n')
        .trim();
    };
    const auth = await readFile(join(ROOT, 'docs/auth.md'), 'utf8');
    const row = (client: string) =>
      new RegExp(`^\\| ${client} \\| \`(.+)\` \\|$`, 'm').exec(auth)?.[1];
    expect.soft(row('Claude Code')).toBe(printed('Claude Code:'));
    expect
      .soft(JSON.parse(row('Cursor') ?? 'null'))
      .toEqual(JSON.parse(printed('Cursor (.cursor/mcp.json):')));
  });

  it('name only the KV namespace, R2 bucket and D1 database titles praxis deploy creates from wrangler.toml', async () => {
    const config = readDeployConfig(join(ROOT, 'wrangler.toml'));
    const titles = [
      ...config.kvNamespaces.map(({ binding, id }) =>
        isPlaceholder(id) ? resourceName(config.name, binding) : undefined,
      ),
      ...config.r2Buckets.map(({ binding, bucket_name }) =>
        isPlaceholder(bucket_name) ? resourceName(config.name, binding) : bucket_name,
      ),
      ...config.d1Databases.map(({ binding, database_name }) =>
        isPlaceholder(database_name) ? resourceName(config.name, binding) : database_name,
      ),
    ].filter((title): title is string => title !== undefined);
    expect(titles.toSorted()).toEqual([
      'praxis-archive',
      'praxis-content',
      'praxis-insights',
      'praxis-oauth-kv',
    ]);
    // A title is named exactly, or with an environment's suffix (praxis-content-staging); `praxis-archive/1`
    // is a format name, not a title. Anything else sharing a title's first two words is a stale name.
    const stale = (await mentions(/\bpraxis-[a-z0-9]+(?:-[a-z0-9]+)*\b(?!\/)/g)).filter(
      (mention) => {
        const token = mention.slice(mention.lastIndexOf(' ') + 1);
        const title = titles.find((candidate) =>
          token.startsWith(candidate.split('-').slice(0, 2).join('-')),
        );
        return title !== undefined && token !== title && !token.startsWith(`${title}-`);
      },
    );
    expect(stale).toEqual([]);
  });

  it('give only binding names wrangler.toml binds', async () => {
    const config = readDeployConfig(join(ROOT, 'wrangler.toml'));
    const limiters = ((config.raw.ratelimits ?? []) as Array<{ name: string }>).map(
      ({ name }) => name,
    );
    const bound = new Set(
      [...config.kvNamespaces, ...config.r2Buckets, ...config.d1Databases]
        .map(({ binding }) => binding)
        .concat(limiters),
    );
    const named = await mentions(/\b[A-Z][A-Z0-9_]*_(?:KV|LIMITER|BUCKET)\b/g);
    expect(named.length).toBeGreaterThan(0);
    expect(
      named.filter((mention) => !bound.has(mention.slice(mention.lastIndexOf(' ') + 1))),
    ).toEqual([]);
  });
});
