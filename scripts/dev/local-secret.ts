// The per-checkout secret behind local development tokens. Created on first use, readable only by its owner.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PRAXIS_DIR } from './paths.ts';

const SECRET_FILE = join(PRAXIS_DIR, 'local-secret');

export async function localSecret(): Promise<string> {
  const existing = await readFile(SECRET_FILE, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  await mkdir(PRAXIS_DIR, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  // 'wx' fails if another process created it meanwhile; then theirs wins.
  await writeFile(SECRET_FILE, `${secret}\n`, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
  return (await readFile(SECRET_FILE, 'utf8')).trim();
}
