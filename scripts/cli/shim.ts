// `praxis shim`: the local stdio MCP server (worktree tools, optional bridge to the endpoint).
import { documentationPage } from './checkout.ts';
import { parseOptions, UsageError } from './command.ts';
import { parseShimOptions } from '../../src/shim/options.ts';
import { runShim } from '../../src/shim/start.ts';

export const usage = `Usage: praxis shim [--repo DIR] [--allow-agent-get] [--remote URL [--token-env VAR]]

Speaks MCP over stdin/stdout; messages for people go to stderr.

  --repo DIR          the repository whose worktrees are the sessions (default: current directory)
  --allow-agent-get   list worktree_get and let agents call it (a human action otherwise;
                      {"allowAgentGet": true} in .git/praxis-shim.json does the same)
  --remote URL        also serve the tools, resources and prompts of this Praxis endpoint; when
                      it needs a sign-in, the shim opens your browser for it by itself and keeps
                      the sign-in for later runs (\`praxis login URL\` in a terminal does the same)
  --token-env VAR     instead of signing in: the environment variable holding a bearer token

Environment:
  PRAXIS_BROWSER      the program that opens the sign-in address (default: xdg-open, open or
                      rundll32); "none": the shim opens no browser and says to run \`praxis login\`
  XDG_CONFIG_HOME     where sign-ins are stored: $XDG_CONFIG_HOME/praxis/sign-in (default ~/.config)

See ${documentationPage('shim.md')}.`;

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(argv, {
    repo: { type: 'string' },
    'allow-agent-get': { type: 'boolean' },
    remote: { type: 'string' },
    'token-env': { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const parsed = parseShimOptions(
    {
      repo: values.repo,
      allowAgentGet: values['allow-agent-get'],
      remote: values.remote,
      tokenEnv: values['token-env'],
    },
    process.cwd(),
  );
  if (!parsed.ok) throw new UsageError(parsed.problem);
  return runShim(parsed.options);
}
