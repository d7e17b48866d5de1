// `praxis login <url>`: sign in to a Praxis endpoint in the browser, for `praxis shim --remote`.
import { describeCause } from '../../src/shim/bridge/remote-errors.ts';
import { remoteUrlProblem } from '../../src/shim/options.ts';
import { signIn } from '../../src/shim/sign-in/sign-in.ts';
import { documentationPage } from './checkout.ts';
import { parseOptions, UsageError } from './command.ts';

export const usage = `Usage: praxis login <url> [--timeout SECONDS]

Signs in to the Praxis endpoint at <url> (e.g. https://praxis.example.com/mcp) with your company's
sign-in: opens your browser (and prints the address, should it not open), waits for it to come back
to a one-time address on 127.0.0.1, and stores the tokens for \`praxis shim --remote <url>\` in
your config directory, readable only by you. Signing in again replaces the stored sign-in.

Options:
  --timeout SECONDS  how long to wait for the browser (default: 300)
  -h, --help         show this help

Environment:
  PRAXIS_BROWSER     the program that opens the address (default: xdg-open, open or rundll32);
                     "none" only prints it
  XDG_CONFIG_HOME    where the sign-in is stored: $XDG_CONFIG_HOME/praxis/sign-in (default ~/.config)

See ${documentationPage('shim.md')}.`;

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(argv, {
    timeout: { type: 'string', default: '300' },
  });
  const url = endpointArgument(positionals);
  const seconds = Number(values.timeout);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600)
    throw new UsageError(`--timeout takes seconds from 1 to 3600, not '${values.timeout}'`);
  const log = (line: string) => void process.stderr.write(`${line}\n`);
  try {
    const path = await signIn({ url, env: process.env, log, timeoutMs: seconds * 1000 });
    log(
      `praxis login: signed in to ${url.href}. The sign-in is stored in ${path} (only you can read it);\n  \`praxis shim --remote ${url.href}\` uses it and renews it; \`praxis logout ${url.href}\` ends it.`,
    );
    return 0;
  } catch (error) {
    log(`praxis login: could not sign in to ${url.href}: ${describeCause(error)}`);
    return 1;
  }
}

/** The one positional argument, checked like `praxis shim --remote`. */
export function endpointArgument(positionals: string[]): URL {
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0
        ? 'needs the URL of the Praxis endpoint'
        : `unexpected argument '${positionals[1]}'`,
    );
  const problem = remoteUrlProblem(positionals[0]!);
  if (problem) throw new UsageError(problem.replace('--remote', 'the URL'));
  return new URL(positionals[0]!);
}
