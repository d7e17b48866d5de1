// A one-line upload progress bar on stderr, only on a terminal (CI logs get the summary line alone),
// and only once an upload has run long enough to be worth watching.
import type { WriteStream } from 'node:tty';

export interface Progress {
  done: number;
  total: number;
  bytes: number;
  totalBytes: number;
}

const WIDTH = 30;
const SHOW_AFTER_MS = 300;
const REDRAW_EVERY_MS = 100;

export function progressBar(
  label: string,
  stream: NodeJS.WriteStream = process.stderr,
  now = () => performance.now(),
): (progress: Progress) => void {
  if (!stream.isTTY) return () => undefined;
  const started = now();
  let drawnAt = -Infinity;
  let visible = false;
  return ({ done, total, bytes, totalBytes }) => {
    const finished = done >= total;
    const at = now();
    if (!finished && (at - started < SHOW_AFTER_MS || at - drawnAt < REDRAW_EVERY_MS)) return;
    if (finished && !visible) return;
    drawnAt = at;
    visible = true;
    const filled = total ? Math.round((done / total) * WIDTH) : WIDTH;
    const line = `${label} [${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${done}/${total} (${formatBytes(bytes)} of ${formatBytes(totalBytes)})`;
    (stream as WriteStream).clearLine?.(0);
    stream.write(`\r${line}${finished ? '\n' : ''}`);
  };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
