// `praxis logout <url>`: end the sign-in `praxis login` stored for an endpoint.
import { signOut } from '../../src/shim/sign-in/sign-in.ts';
import { documentationPage } from './checkout.ts';
import { parseOptions } from './command.ts';
import { endpointArgument } from './login.ts';

export const usage = `Usage: praxis logout <url>

Revokes the stored sign-in at the endpoint (so its tokens stop working everywhere) and deletes
the file that held it. Exits 1 when the endpoint could not be told; the file is deleted anyway.

See ${documentationPage('shim.md')}.`;

export async function run(argv: string[]): Promise<number> {
  const { positionals } = parseOptions(argv, {});
  const url = endpointArgument(positionals);
  const log = (line: string) => void process.stderr.write(`${line}\n`);
  const outcome = await signOut({ url, env: process.env });
  if (outcome.kind === 'not-signed-in') {
    log(`praxis logout: not signed in to ${url.href} (no ${outcome.path}).`);
    return 0;
  }
  if (outcome.problem) {
    log(
      `praxis logout: deleted ${outcome.path}, but the endpoint could not revoke the sign-in (${outcome.problem}); its tokens stay valid until they expire.`,
    );
    return 1;
  }
  const revoked = outcome.hadTokens ? 'the sign-in was revoked at the endpoint and ' : '';
  log(`praxis logout: signed out of ${url.href}: ${revoked}${outcome.path} deleted.`);
  return 0;
}
