// `praxis <command>`: one module per subcommand, each exporting `summary`, `usage` and `run`.
import { UsageError, type Command } from './command.ts';

const commands: Record<string, () => Promise<Command>> = {
  dev: () => import('./dev.ts'),
  build: () => import('./build.ts'),
  publish: () => import('./publish.ts'),
  diff: () => import('./diff.ts'),
  versions: () => import('./versions.ts'),
  rollback: () => import('./rollback.ts'),
  gc: () => import('./gc.ts'),
  token: () => import('./token.ts'),
  shim: () => import('./shim.ts'),
  login: () => import('./login.ts'),
  logout: () => import('./logout.ts'),
  worktree: () => import('./worktree.ts'),
  deploy: () => import('./deploy.ts'),
};

async function overview(): Promise<string> {
  const lines = ['Usage: praxis <command> [options]', '', 'Commands:'];
  for (const [name, load] of Object.entries(commands)) {
    const command = await load().catch(() => undefined);
    if (command) lines.push(`  ${name.padEnd(10)} ${command.summary}`);
  }
  lines.push('', 'Run `praxis <command> --help` for the options of one command.');
  return lines.join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(await overview());
    return name ? 0 : 2;
  }
  const load = commands[name];
  if (!load) {
    console.error(`praxis: unknown command '${name}'.\n\n${await overview()}`);
    return 2;
  }
  const command = await load();
  if (rest.includes('--help') || rest.includes('-h')) {
    console.log(command.usage);
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`praxis ${name}: ${error.message}\n\n${command.usage}`);
      return 2;
    }
    throw error;
  }
}
