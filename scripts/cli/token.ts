import { userInfo } from 'node:os';
import {
  issueLocalToken,
  MAX_SUBJECT_CHARS,
  subjectProblem,
} from '../../src/shared/auth/local-token.ts';
import { localSecret } from '../dev/local-secret.ts';
import { parseOptions } from './command.ts';

export const usage = `Usage: praxis token [--subject NAME]

Prints a fresh development token (valid 12 hours) on stdout, and nothing else, so it can be
captured: TOKEN=$(npx praxis token). The server started by \`praxis dev\` in this checkout
accepts it; tokens are signed with the checkout's secret in .praxis/local-secret.

Options:
  --subject NAME  who the token identifies in audit lines (default: your OS user name);
                  printable ASCII, 1-${MAX_SUBJECT_CHARS} characters
  -h, --help      show this help`;

export async function run(argv: string[]): Promise<number> {
  const { values } = parseOptions(argv, { subject: { type: 'string' } });
  const subject = values.subject ?? safeUserName();
  const problem = subjectProblem(subject);
  if (problem) {
    process.stderr.write(`praxis token: --subject: ${problem}\n`);
    return 2;
  }
  process.stdout.write(`${await issueLocalToken(await localSecret(), subject)}\n`);
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
