// Where the sign-in for one endpoint is kept: one file per endpoint URL in the user's config
// directory ($XDG_CONFIG_HOME/praxis/sign-in, else ~/.config/praxis/sign-in; %APPDATA% on
// Windows). The name shows the host for people and a hash of the URL for uniqueness.
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The endpoint as sign-ins are keyed: origin and path, without query or fragment. */
export function endpointKey(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

export function signInDirectory(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  const base = env.XDG_CONFIG_HOME?.startsWith('/')
    ? env.XDG_CONFIG_HOME
    : platform === 'win32' && env.APPDATA
      ? env.APPDATA
      : join(homedir(), '.config');
  return join(base, 'praxis', 'sign-in');
}

export function signInFile(
  url: URL,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  const key = endpointKey(url);
  const host = url.host.replace(/[^A-Za-z0-9.-]/g, '_');
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 16);
  return join(signInDirectory(env, platform), `${host}-${hash}.json`);
}
