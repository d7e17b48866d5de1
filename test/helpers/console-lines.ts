// What a piece of code printed: every console level captured as lines while it runs, its value kept.
// Runtime-neutral (in workerd, the console is the Worker's log): it imports nothing.

/** Captures console output while `run` executes: its value, and each call to any console level as a line. */
export async function captureConsole<T>(
  run: () => Promise<T>,
): Promise<{ value: T; lines: string[] }> {
  const lines: string[] = [];
  const originals = {
    log: console.log,
    error: console.error,
    warn: console.warn,
    info: console.info,
    debug: console.debug,
  };
  for (const level of Object.keys(originals) as (keyof typeof originals)[]) {
    console[level] = (...args: unknown[]) => {
      lines.push(args.map((arg) => (typeof arg === 'string' ? arg : safeJson(arg))).join(' '));
    };
  }
  try {
    return { value: await run(), lines };
  } finally {
    Object.assign(console, originals);
  }
}

function safeJson(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}\n${value.stack ?? ''}`;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
