import { isIP } from 'node:net';
import { buildBundle } from '../compile/stream/build-bundle.ts';
import { formatBuildError } from '../compile/errors.ts';
import { connectionHelp } from '../dev/connection-help.ts';
import { startDevServer } from '../dev/dev-server.ts';
import { expectPortFree } from '../dev/expect-port-free.ts';
import { applyLocalMigrations } from '../dev/local-insights.ts';
import { prepareOAuthDev } from '../dev/oauth-dev.ts';
import { LOCAL_STATE_DIR } from '../dev/paths.ts';
import { watchContent } from '../dev/watch-content.ts';
import { publishLocally } from '../publish/publish-local.ts';
import { outcomeLine, transferLine } from '../publish/report.ts';
import { documentationPage } from './checkout.ts';
import { parseOptions, UsageError } from './command.ts';

export const usage = `Usage: praxis dev [--content DIR] [--port N] [--auth local|oauth|off] [--oidc-issuer URL] [--ip ADDRESS] [--insights on|off] [--log-requests] [--watch]

Builds DIR, loads the bundle into wrangler's local KV state (.wrangler/state) and runs the
Worker with wrangler dev. Prints the MCP URL and a client configuration once it is healthy.

Options:
  --content DIR    content folder with processes/, checklists/ (default: content)
  --port N         port to listen on (default: 8787)
  --auth MODE      local (default): bearer tokens from \`praxis token\`
                   oauth: MCP clients sign in through the server with only its URL; a
                     development OpenID provider on loopback signs in alice / alice
                     (groups engineering, praxis-authors) and bob / bob (no group). \`praxis token\`
                     tokens keep working too. See ${documentationPage('auth.md')}
                   off: no authentication — protocol testing only, loopback only
  --oidc-issuer URL  with --auth oauth: sign in at this OpenID provider instead; needs
                   PRAXIS_OIDC_CLIENT_ID (and PRAXIS_OIDC_CLIENT_SECRET) in the environment
  --ip ADDRESS     address to listen on (default: 127.0.0.1)
  --insights MODE  on (default): one usage event per tool call in the local insights database
                   (.wrangler/state; pseudonymous caller, never a token; its schema is
                   brought up to date first) — off: none, and the database is left as it is. See
                   ${documentationPage('insights.md')}
  --log-requests   print every request and its audit line (who, which tool, outcome; never a token)
  --watch          rebuild and reload local KV when a file under DIR changes; on errors (file:line)
                   the last good version keeps serving. /healthz says "dirty": true while the
                   served content has uncommitted changes
  -h, --help       show this help`;

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

export async function run(argv: string[]): Promise<number> {
  const { values } = parseOptions(argv, {
    content: { type: 'string', default: 'content' },
    port: { type: 'string', default: '8787' },
    auth: { type: 'string', default: 'local' },
    'oidc-issuer': { type: 'string' },
    ip: { type: 'string', default: '127.0.0.1' },
    insights: { type: 'string', default: 'on' },
    'log-requests': { type: 'boolean', default: false },
    watch: { type: 'boolean', default: false },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new UsageError(`--port must be a number from 1 to 65535, not '${values.port}'`);
  if (values.auth !== 'local' && values.auth !== 'off' && values.auth !== 'oauth')
    throw new UsageError(`--auth must be local, oauth or off, not '${values.auth}'`);
  if (values['oidc-issuer'] !== undefined && values.auth !== 'oauth')
    throw new UsageError('--oidc-issuer goes with --auth oauth');
  if (values.insights !== 'on' && values.insights !== 'off')
    throw new UsageError(`--insights must be on or off, not '${values.insights}'`);
  if (values.ip !== 'localhost' && !isIP(values.ip!))
    throw new UsageError(`--ip must be an IP address, not '${values.ip}'`);
  if (values.auth === 'off' && !LOOPBACK.has(values.ip!)) {
    console.error(
      `praxis dev: --auth off is refused on ${values.ip}: without authentication the server may only listen on loopback (127.0.0.1).`,
    );
    return 2;
  }

  await expectPortFree(values.ip!, port);

  const built = await buildBundle(values.content!);
  if (!built.ok) {
    for (const error of built.errors) console.error(formatBuildError(error));
    console.error(
      `\npraxis dev: content has ${built.errors.length} error(s); fix them and run again.`,
    );
    return 1;
  }
  const { pointer } = built.bundle;
  console.log(
    `praxis: built content version ${pointer.version} (${pointer.documentCount} documents); loading into local KV…`,
  );
  const loaded = await publishLocally(built.bundle, {
    persistTo: LOCAL_STATE_DIR,
    contentDir: values.content!,
  });
  console.log(`praxis: ${transferLine(loaded)}; ${outcomeLine(loaded)}`);
  // With insights off nothing is written, so the schema waits for a start with them on.
  if (values.insights === 'on') console.log(`praxis: ${await applyLocalMigrations()}`);
  if (values.auth === 'off')
    console.warn(
      'praxis: WARNING — authentication is OFF. Anyone on this machine can call the server. Use it for protocol testing only.',
    );

  const host =
    values.ip === 'localhost'
      ? '127.0.0.1'
      : values.ip!.includes(':')
        ? `[${values.ip}]`
        : values.ip!;
  const oauth =
    values.auth === 'oauth'
      ? await prepareOAuthDev({
          origin: `http://${host}:${port}`,
          oidcIssuer: values['oidc-issuer'],
        })
      : undefined;
  try {
    const server = await startDevServer({
      port,
      ip: values.ip!,
      auth: values.auth,
      logRequests: values['log-requests']!,
      insights: values.insights === 'on',
      oauthEnv: oauth?.env,
    });
    console.log(
      connectionHelp({
        port,
        auth: values.auth,
        host,
        signIn: oauth?.description,
        insights: values.insights === 'on',
      }),
    );
    if (values.watch) {
      let serving = pointer.version;
      console.log(`praxis: watching ${values.content} for changes`);
      const watcher = watchContent(values.content!, async () => {
        const rebuilt = await buildBundle(values.content!);
        if (!rebuilt.ok) {
          for (const error of rebuilt.errors) console.error(formatBuildError(error));
          console.error(
            `praxis: content has ${rebuilt.errors.length} error(s); still serving version ${serving}`,
          );
          return;
        }
        const report = await publishLocally(rebuilt.bundle, {
          persistTo: LOCAL_STATE_DIR,
          contentDir: values.content!,
        });
        serving = rebuilt.bundle.pointer.version;
        console.log(
          `praxis: ${outcomeLine(report)}${rebuilt.bundle.pointer.dirty ? ' (uncommitted changes)' : ''}`,
        );
      });
      void server.exited.then(() => watcher.close());
    }
    return await server.exited;
  } finally {
    await oauth?.close();
  }
}
