// What the MCP SDK alone costs per request in this runtime, measured the way Praxis is measured:
// bench/workers/sdk-floor-worker.ts (the SDK's per-request handler and a server with one trivial tool; no
// auth, no content, no logging), bundled as `wrangler deploy` would and served in its own workerd
// through Miniflare alone. Praxis must use the SDK, so no Praxis call can cost less than this.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { praxisClient } from './clients.ts';
import { bundleBenchWorker, startDirectWorker } from '../hosts/direct-host.ts';
import { medianIsolateCpuMsPerCall } from '../profiling/isolate-cpu.ts';
import { loadFloor, loadMcp, type LoadRun } from './load.ts';
import { writeWorkerConfig, type WorkerHost } from '../hosts/worker-host.ts';

export interface SdkFloor {
  /** Isolate CPU per call, milliseconds: each the median of `profiles` profiles of `calls` calls. */
  listMs: number;
  callMs: number;
  calls: number;
  profiles: number;
  /** autocannon runs against its tools/call and against its own no-work route, alternating. */
  load: { call: LoadRun[]; floor: LoadRun[] };
}

const ECHO = { name: 'echo', arguments: { text: 'hello' } };
/** The SDK-floor Worker checks no token; the clients send this one as Praxis's send theirs. */
const ANY_TOKEN = 'not-checked';

/** Starts the SDK-floor Worker (config, bundle and empty state under `dir`), measures it, stops it. */
export async function measureSdkFloor(
  dir: string,
  options: { calls: number; profiles: number; loadSeconds: number; loadRepeats: number },
): Promise<SdkFloor> {
  const host = await startSdkFloorWorker(dir);
  const client = await praxisClient(host.url, ANY_TOKEN);
  try {
    const list = () => client.listTools();
    const call = () => client.callTool(ECHO);
    for (let i = 0; i < 20; i++) await Promise.all([list(), call()]); // warm-up
    const listMs = await medianIsolateCpuMsPerCall(
      host.pids,
      options.profiles,
      options.calls,
      list,
    );
    const callMs = await medianIsolateCpuMsPerCall(
      host.pids,
      options.profiles,
      options.calls,
      call,
    );
    const load = { call: [] as LoadRun[], floor: [] as LoadRun[] };
    for (let i = 0; i < options.loadRepeats; i++) {
      load.floor.push(await loadFloor(host.url, options.loadSeconds));
      load.call.push(
        await loadMcp(
          host.url,
          'modern',
          { id: 1, method: 'tools/call', params: ECHO },
          options.loadSeconds,
          { token: ANY_TOKEN },
        ),
      );
    }
    return { listMs, callMs, calls: options.calls, profiles: options.profiles, load };
  } finally {
    await client.close();
    await host.close();
  }
}

/**
 * A bench Worker that needs no content or secrets (`name`, entry file `entry`), bundled and started
 * under `dir`; `bindings` are its plain-text bindings (one line each: no value may hold a newline).
 */
export async function startStatelessWorker(
  dir: string,
  name: string,
  entry: string,
  bindings: Record<string, string> = {},
): Promise<WorkerHost> {
  const config = await writeWorkerConfig(
    join(dir, `wrangler.${name}.toml`),
    `praxis-${name}`,
    entry,
  );
  const envFile = join(dir, `${name}.env`);
  const lines = Object.entries(bindings).map(([key, value]) => {
    if (value.includes('\n')) throw new Error(`binding ${key} holds a newline`);
    return `${key}=${value}\n`;
  });
  await writeFile(envFile, lines.join(''));
  const script = await bundleBenchWorker(config, join(dir, `${name}-bundle`));
  return startDirectWorker(script, join(dir, `${name}-state`), envFile);
}

const startSdkFloorWorker = (dir: string): Promise<WorkerHost> =>
  startStatelessWorker(dir, 'sdk-floor', 'bench/workers/sdk-floor-worker.ts');
