import { userInfo } from 'node:os';
import { issueLocalToken, subjectProblem } from '../../src/shared/auth/local-token.ts';
import { localSecret } from '../dev/local-secret.ts';
import { forgetSubject, workerOrigin } from '../insights/forget.ts';
import { documentationPage } from './checkout.ts';
import { parseOptions, UsageError } from './command.ts';

const LOCAL_URL = 'http://127.0.0.1:8787';
const AUTHORS_GROUP = 'praxis-authors';

export const usage = `Usage: praxis insights forget --subject NAME [--url URL] [--token TOKEN]

Deletes every usage event and feedback report of one person (the subject their tokens carry) from
a Praxis Worker's insights database. The Worker holds the key the stored caller ids are made with, so it does the
deleting, for an author only: a token whose groups include ${AUTHORS_GROUP} (PRAXIS_AUTHORS_GROUP).

Options:
  --subject NAME  whose usage events and reports to delete, exactly as their token's subject
  --url URL       the Worker (its origin or its /mcp URL; default: ${LOCAL_URL}, \`praxis dev\`)
  --token TOKEN   an author's bearer token (default: the PRAXIS_TOKEN environment variable; for a
                  loopback URL without one, a development token in group ${AUTHORS_GROUP}, which
                  only \`praxis dev --auth local\` honours)
  -h, --help      show this help

See ${documentationPage('insights.md')}.`;

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(argv, {
    subject: { type: 'string' },
    url: { type: 'string', default: LOCAL_URL },
    token: { type: 'string' },
  });
  const [action, ...rest] = positionals;
  if (action !== 'forget')
    throw new UsageError(
      action
        ? `unknown action '${action}'`
        : 'forget what? (praxis insights forget --subject NAME)',
    );
  if (rest.length) throw new UsageError(`unexpected argument '${rest[0]}'`);
  if (!values.subject) throw new UsageError('--subject NAME is required');
  let origin: string;
  try {
    origin = workerOrigin(values.url!);
  } catch {
    throw new UsageError(`--url must be a URL, not '${values.url}'`);
  }
  const token = values.token ?? process.env.PRAXIS_TOKEN ?? (await localAuthorToken(origin));
  if (!token)
    throw new UsageError(
      `${origin} is not on this machine: pass an author's token with --token or PRAXIS_TOKEN`,
    );
  const { events, feedback } = await forgetSubject(origin, token, values.subject);
  console.log(
    `praxis insights: forgot ${values.subject}: ${events} usage event(s) deleted, ${feedback} feedback report(s) deleted`,
  );
  return 0;
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
