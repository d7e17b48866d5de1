// `praxis deploy`: the Worker, its bindings and secrets, the content, and a check of the live URL.
import { join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../dev/paths.ts';
import { deploy, GENERATED_CONFIG } from '../deploy/deploy.ts';
import { documentationPage } from './checkout.ts';
import { parseOptions, UsageError } from './command.ts';

export const usage = `Usage: praxis deploy [--dry-run] [--config FILE] [--content DIR] [--url URL]

A guided first deploy, and every later one (each step is skipped when already done):
  1 check the configuration: refuses auth modes off and local, missing issuer/resource/client settings
  2 wrangler whoami (CLOUDFLARE_API_TOKEN, or \`npx wrangler login\`)
  3 the secrets the auth mode needs: kept when set on the Worker, else read from the environment
    variable of the same name or asked for without echo (never printed or written to a file);
    with PRAXIS_INSIGHTS = "on", PRAXIS_INSIGHTS_KEY, generated when not set yet
  4 every [[kv_namespaces]] with a placeholder id: found by title <name>-<binding> or created
  5 every [[r2_buckets]] (ARCHIVE keeps each published version): created unless it exists
  6 every [[d1_databases]] with a placeholder id (INSIGHTS, the usage events): found by name
    <name>-<binding> or created
  7 ${GENERATED_CONFIG}: the config with those ids (wrangler.toml itself is not changed)
  8 wrangler d1 migrations apply --remote (migrations/)
  9 wrangler deploy   10 wrangler secret put   11 publish the content
 12 /healthz and one authenticated MCP call (token: PRAXIS_DEPLOY_TOKEN, or minted in auto mode
    from PRAXIS_LOCAL_SECRET), then the client configurations for the URL

Options:
  --dry-run        print every step without doing it (builds the content and runs wrangler deploy --dry-run, offline)
  --config FILE    the wrangler config to deploy (default: wrangler.toml of this checkout)
  --content DIR    content folder (default: content)
  --url URL        the Worker's public URL, when it is served on a route wrangler does not print
  -h, --help       show this help

See ${documentationPage('deploy.md')}.`;

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(argv, {
    'dry-run': { type: 'boolean', default: false },
    config: { type: 'string', default: join(PROJECT_ROOT, 'wrangler.toml') },
    content: { type: 'string', default: 'content' },
    url: { type: 'string' },
  });
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  if (values.url !== undefined && !/^https:\/\/[^/\s]+/.test(values.url)) {
    throw new UsageError(`--url must be an https:// URL, not '${values.url}'`);
  }
  return deploy({
    configPath: resolve(values.config!),
    contentDir: values.content!,
    dryRun: values['dry-run']!,
    url: values.url,
  });
}
