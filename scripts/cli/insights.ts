import { userInfo } from 'node:os';
import { issueLocalToken, subjectProblem } from '../../src/shared/auth/local-token.ts';
import { localSecret } from '../dev/local-secret.ts';
import { forgetSubject, workerOrigin } from '../insights/forget.ts';
import { fetchReport } from '../insights/report.ts';
import { reportTable } from '../insights/report-table.ts';
import { documentationPage } from './checkout.ts';
import { parseOptions, UsageError } from './command.ts';

const LOCAL_URL = 'http://127.0.0.1:8787';
const AUTHORS_GROUP = 'praxis-authors';

export const usage = `Usage: praxis insights [--local | --remote URL] [--since 7d] [--format table|json] [--cursor C] [--token TOKEN]
       praxis insights forget --subject NAME [--url URL] [--token TOKEN]

Without an action: the insights report of a Praxis Worker — the questions agents asked that your own
search does not answer (gaps, most distinct callers first), those answered since a newer content
version, what was read and what no one read — computed by the Worker under your own access. For an
author only: a token whose groups include ${AUTHORS_GROUP} (PRAXIS_AUTHORS_GROUP).

forget: deletes every usage event of one person (the subject their tokens carry). The Worker holds
the key the stored caller ids are made with, so it does the deleting, for an author only.

Options:
  --local         ask \`praxis dev\` at ${LOCAL_URL} (the default)
  --remote URL    ask a deployed Worker (its origin or its /mcp URL)
  --since 7d      the period, in days back from now (1d to 365d; default 7d)
  --format F      table (default: 80 columns) or json (the report as the Worker sent it)
  --cursor C      the next page of gaps, as a previous report printed it
  --subject NAME  forget: whose usage events to delete, exactly as their token's subject
  --url URL       forget: the Worker (default: ${LOCAL_URL}, \`praxis dev\`)
  --token TOKEN   an author's bearer token (default: the PRAXIS_TOKEN environment variable; for a
                  loopback URL without one, a development token in group ${AUTHORS_GROUP}, which
                  only \`praxis dev --auth local\` honours)
  -h, --help      show this help

See ${documentationPage('insights.md')}.`;

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(argv, {
    subject: { type: 'string' },
    url: { type: 'string' },
    token: { type: 'string' },
    local: { type: 'boolean' },
    remote: { type: 'string' },
    since: { type: 'string', default: '7d' },
    format: { type: 'string', default: 'table' },
    cursor: { type: 'string' },
  });
  const [action, ...rest] = positionals;
  if (action !== undefined && action !== 'forget')
    throw new UsageError(`unknown action '${action}'`);
  if (rest.length) throw new UsageError(`unexpected argument '${rest[0]}'`);
  if (action === 'forget') {
    if (!values.subject) throw new UsageError('--subject NAME is required');
    const origin = originOf(values.url ?? LOCAL_URL, '--url');
    const deleted = await forgetSubject(
      origin,
      await tokenFor(origin, values.token),
      values.subject,
    );
    console.log(`praxis insights: forgot ${values.subject}: ${deleted} usage event(s) deleted`);
    return 0;
  }
  if (values.subject || values.url)
    throw new UsageError(`--${values.subject ? 'subject' : 'url'} is for forget`);
  if (values.local && values.remote) throw new UsageError('--local or --remote, not both');
  if (values.format !== 'table' && values.format !== 'json')
    throw new UsageError(`--format must be table or json, not '${values.format}'`);
  const origin = originOf(values.remote ?? LOCAL_URL, '--remote');
  const report = await fetchReport(origin, await tokenFor(origin, values.token), {
    since: values.since!,
    cursor: values.cursor,
  });
  if (values.format === 'json') console.log(JSON.stringify(report, null, 2));
  else
    console.log(
      reportTable(report as Parameters<typeof reportTable>[0], (cursor) =>
        [
          'praxis insights',
          ...(values.remote ? ['--remote', origin] : []),
          '--since',
          values.since,
          '--cursor',
          cursor,
        ].join(' '),
      ),
    );
  return 0;
}

function originOf(url: string, option: string): string {
  try {
    return workerOrigin(url);
  } catch {
    throw new UsageError(`${option} must be a URL, not '${url}'`);
  }
}

async function tokenFor(origin: string, given: string | undefined): Promise<string> {
  const token = given ?? process.env.PRAXIS_TOKEN ?? (await localAuthorToken(origin));
  if (!token)
    throw new UsageError(
      `${origin} is not on this machine: pass an author's token with --token or PRAXIS_TOKEN`,
    );
  return token;
}

/** A development token in the authors group, for a Worker on this machine (praxis dev). */
async function localAuthorToken(origin: string): Promise<string | undefined> {
  const { hostname } = new URL(origin);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(hostname)) return undefined;
  return issueLocalToken(await localSecret(), osUser(), [AUTHORS_GROUP]);
}

function osUser(): string {
  try {
    const name = userInfo().username;
    return name && !subjectProblem(name) ? name : 'developer';
  } catch {
    return 'developer';
  }
}
