// Which Host and Origin hostnames may reach /mcp. Loopback is always allowed for local modes,
// so `praxis dev` is protected against DNS rebinding without configuration.
import { localhostAllowedHostnames, localhostAllowedOrigins } from '@modelcontextprotocol/server';

export interface HttpEnv {
  PRAXIS_ALLOWED_ORIGINS?: string;
  PRAXIS_ALLOWED_HOSTS?: string;
}

export interface AllowedHosts {
  /** null: any Host (a deployed Worker is reached through its own routes). */
  hosts: string[] | null;
  origins: string[];
}

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export function allowedHosts(env: HttpEnv, localMode: boolean): AllowedHosts {
  const hosts = list(env.PRAXIS_ALLOWED_HOSTS);
  const origins = list(env.PRAXIS_ALLOWED_ORIGINS);
  if (localMode) {
    return {
      hosts: [...localhostAllowedHostnames(), ...hosts],
      origins: [...localhostAllowedOrigins(), ...origins],
    };
  }
  return { hosts: hosts.length ? hosts : null, origins };
}
