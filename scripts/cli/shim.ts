// `praxis shim`: the local stdio MCP server (worktree tools, optional bridge to the endpoint).
import { parseOptions, UsageError } from './command.ts';
import { parseShimOptions } from '../../src/shim/options.ts';
import { runShim } from '../../src/shim/start.ts';

export const usage = `Usage: praxis shim [--repo DIR] [--allow-agent-get] [--remote URL [--token-env VAR]]

Speaks MCP over stdin/stdout; messages for people go to stderr.

  --repo DIR          the repository whose worktrees are the sessions (default: current directory)
  --allow-agent-get   list worktree_get and let agents call it (a human action otherwise;
                      {"allowAgentGet": true} in .git/praxis-shim.json does the same)
  --remote URL        also serve the tools, resources and prompts of this Praxis endpoint,
                      signed in with \`praxis login URL\` (run it first, in a terminal)
  --token-env VAR     instead of the sign-in: the environment variable holding a bearer token

See docs/shim.md.`;

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(argv, {
    repo: { type: 'string' },
    'allow-agent-get': { type: 'boolean' },
    remote: { type: 'string' },
    'token-env': { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const parsed = parseShimOptions(
    { repo: values.repo, allowAgentGet: values['allow-agent-get'], remote: values.remote, tokenEnv: values['token-env'] },
    process.cwd(),
  );
  if (!parsed.ok) throw new UsageError(parsed.problem);
  return runShim(parsed.options);
}
