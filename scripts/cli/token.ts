import { userInfo } from 'node:os';
import {
  groupsProblem,
  issueLocalToken,
  MAX_LOCAL_GROUPS,
  MAX_SUBJECT_CHARS,
  subjectProblem,
} from '../../src/shared/auth/local-token.ts';
import { localSecret } from '../dev/local-secret.ts';
import { parseOptions } from './command.ts';

export const usage = `Usage: praxis token [--subject NAME] [--group NAME]...

Prints a fresh development token (valid 12 hours) on stdout, and nothing else, so it can be
captured: TOKEN=$(npx praxis token). The server started by \`praxis dev\` in this checkout
accepts it; tokens are signed with the checkout's secret in .praxis/local-secret.

Options:
  --subject NAME  who the token identifies in audit lines (default: your OS user name);
                  printable ASCII, 1-${MAX_SUBJECT_CHARS} characters
  --group NAME    a group the token's holder is in (repeatable, at most ${MAX_LOCAL_GROUPS}), e.g.
                  praxis-authors (may act on insights) or a group restricted documents name in
                  access:. Honoured only by a Worker in auth mode local (\`praxis dev\`); in auto,
                  oauth and cloud a development token's groups are ignored
  -h, --help      show this help`;

export async function run(argv: string[]): Promise<number> {
  const { values } = parseOptions(argv, {
    subject: { type: 'string' },
    group: { type: 'string', multiple: true },
  });
  const subject = values.subject ?? safeUserName();
  const groups = values.group ?? [];
  const problem = subjectProblem(subject);
  if (problem) {
    process.stderr.write(`praxis token: --subject: ${problem}\n`);
    return 2;
  }
  const groupProblem = groupsProblem(groups);
  if (groupProblem) {
    process.stderr.write(`praxis token: --group: ${groupProblem}\n`);
    return 2;
  }
  process.stdout.write(`${await issueLocalToken(await localSecret(), subject, groups)}\n`);
  return 0;
}

function safeUserName(): string {
  try {
    const name = userInfo().username;
    return name && !subjectProblem(name) ? name : 'developer';
  } catch {
    return 'developer';
  }
}
