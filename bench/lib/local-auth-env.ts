// The bench Workers run in auth mode local: a fresh secret per run, written to an env file for the
// host (mode 0600), and a token signed with it for the bench's requests.
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { issueLocalToken } from '../../src/shared/auth/local-token.ts';

/** Writes `envFile` (local auth, the pointer re-read every 5 s, plus `extraLines`) and returns a token for `subject`. */
export async function localAuthEnv(
  envFile: string,
  subject: string,
  extraLines: string[] = [],
): Promise<string> {
  const secret = randomBytes(32).toString('hex');
  const lines = [
    'PRAXIS_AUTH_MODE=local',
    `PRAXIS_LOCAL_SECRET=${secret}`,
    'PRAXIS_POINTER_TTL_MS=5000',
    ...extraLines,
  ];
  await writeFile(envFile, `${lines.join('\n')}\n`, { mode: 0o600 });
  return issueLocalToken(secret, subject);
}
