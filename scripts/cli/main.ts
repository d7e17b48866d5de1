// `praxis <command>`: one module per subcommand, each exporting `usage` and `run`; the summaries
// live here, so that `praxis --help` lists every command without loading any of them.
import { checkoutProblem, inCheckout } from './checkout.ts';
import type { Command } from './command.ts';
import { exitStatusOf } from './exit-status.ts';

/**
 * Each command with its one-line summary; its module is imported only when that command runs.
 * `checkout`: it runs the Worker or reaches KV and R2 through wrangler, so it needs a Praxis checkout.
 */
const commands: Record<string, { summary: string; load: () => Promise<Command>; checkout?: true }> =
  {
    dev: {
      summary: 'Build content, load it into local KV and serve MCP at http://127.0.0.1:8787/mcp',
      load: () => import('./dev.ts'),
      checkout: true,
    },
    build: {
      summary: 'Compile and validate content into a bundle',
      load: () => import('./build.ts'),
    },
    publish: {
      summary: 'Build content and publish it to the KV namespace the Worker serves',
      load: () => import('./publish.ts'),
      checkout: true,
    },
    diff: {
      summary: 'Show which documents a publish would add, change or remove',
      load: () => import('./diff.ts'),
      checkout: true,
    },
    versions: {
      summary: 'List published content versions (newest first; * marks the one served)',
      load: () => import('./versions.ts'),
      checkout: true,
    },
    rollback: {
      summary: 'Serve an earlier published version again',
      load: () => import('./rollback.ts'),
      checkout: true,
    },
    gc: {
      summary: 'Delete objects that neither the current nor the last N versions use',
      load: () => import('./gc.ts'),
      checkout: true,
    },
    token: {
      summary: 'Print a local development token for `praxis dev`',
      load: () => import('./token.ts'),
      checkout: true,
    },
    insights: {
      summary:
        "Authors: what to write or fix next (gaps, reads), or forget a person's usage events",
      load: () => import('./insights.ts'),
    },
    shim: {
      summary: 'Serve the worktree tools (and optionally the hosted endpoint) over MCP stdio',
      load: () => import('./shim.ts'),
    },
    login: {
      summary: 'Sign in to a Praxis endpoint in the browser, for `praxis shim --remote`',
      load: () => import('./login.ts'),
    },
    logout: {
      summary: 'End the sign-in `praxis login` stored for a Praxis endpoint',
      load: () => import('./logout.ts'),
    },
    worktree: {
      summary: 'List, read or merge session worktrees (the human side of the shim)',
      load: () => import('./worktree.ts'),
    },
    deploy: {
      summary:
        'Deploy the Worker to Cloudflare: bindings, secrets, content, then check the live URL',
      load: () => import('./deploy.ts'),
      checkout: true,
    },
  };

function overview(): string {
  const lines = ['Usage: praxis <command> [options]', '', 'Commands:'];
  const installed = !inCheckout();
  for (const [name, { summary, checkout }] of Object.entries(commands)) {
    lines.push(
      `  ${name.padEnd(10)} ${summary}${installed && checkout ? ' (in a Praxis checkout only)' : ''}`,
    );
  }
  lines.push('', 'Run `praxis <command> --help` for the options of one command.');
  return lines.join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(overview());
    return name ? 0 : 2;
  }
  const entry = commands[name];
  if (!entry) {
    console.error(`praxis: unknown command '${name}'.\n\n${overview()}`);
    return 2;
  }
  const missing = entry.checkout ? checkoutProblem(name) : undefined;
  if (missing) {
    console.error(missing);
    return rest.includes('--help') || rest.includes('-h') ? 0 : 1;
  }
  const command = await entry.load();
  if (rest.includes('--help') || rest.includes('-h')) {
    console.log(command.usage);
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    const exit = exitStatusOf(error, name, command.usage);
    if (!exit) throw error;
    console.error(exit.message);
    return exit.status;
  }
}
