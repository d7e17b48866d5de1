// The per-checkout secrets of local development, created on first use in .praxis/, readable only by
// their owner: the one behind local development tokens (`praxis token` and `praxis dev` share it) and
// the key `praxis dev`'s Worker makes pseudonymous caller ids with (docs/insights.md).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PRAXIS_DIR } from './paths.ts';

export const localSecret = (): Promise<string> => storedSecret('local-secret');

/** PRAXIS_INSIGHTS_KEY of the local Worker: kept, so local caller ids stay the same across runs. */
export const localInsightsKey = (): Promise<string> => storedSecret('insights-key');

async function storedSecret(name: string): Promise<string> {
  const file = join(PRAXIS_DIR, name);
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  await mkdir(PRAXIS_DIR, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  // 'wx' fails if another process created it meanwhile; then theirs wins.
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
  return (await readFile(file, 'utf8')).trim();
}
