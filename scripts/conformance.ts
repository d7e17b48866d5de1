// `npm run conformance`: the official MCP conformance suite against `praxis dev --auth off`.
// Extra arguments are passed to the suite (e.g. --scenario tools-list); without them the
// scenarios this project promises run one after another.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { spawnPraxisDev } from './dev/spawn-praxis-dev.ts';

const SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'prompts-list',
  'dns-rebinding-protection',
];
const CONFORMANCE_BIN = fileURLToPath(
  new URL('../node_modules/@modelcontextprotocol/conformance/dist/index.js', import.meta.url),
);

function runSuite(url: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CONFORMANCE_BIN, 'server', '--url', url, ...args], {
      stdio: 'inherit',
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

const dev = await spawnPraxisDev(['--auth', 'off']);
let failed = 0;
try {
  const extra = process.argv.slice(2);
  const runs = extra.length ? [extra] : SCENARIOS.map((scenario) => ['--scenario', scenario]);
  for (const args of runs) {
    console.log(`\n=== conformance ${args.join(' ')} against ${dev.url}`);
    if ((await runSuite(dev.url, args)) !== 0) failed++;
  }
} finally {
  await dev.stop();
}
console.log(failed ? `\nconformance: ${failed} run(s) failed` : '\nconformance: all runs passed');
process.exitCode = failed ? 1 : 0;
