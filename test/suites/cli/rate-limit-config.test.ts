// Rate limiting is on in what `praxis deploy` ships: wrangler.toml (read as wrangler reads it) binds
// both limiters with a positive limit, and neither the top level nor any [env.NAME] sets
// PRAXIS_RATE_LIMIT to "off". The workerd tests run with it off (vitest.config.ts), so this is the
// test that would see a deploy config with limiting turned off.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../scripts/dev/paths.ts';
import { requireWrangler } from '../../../scripts/publish/wrangler-module.ts';

type Scope = {
  vars?: Record<string, unknown>;
  ratelimits?: Array<{ name?: string; simple?: { limit?: number; period?: number } }>;
};

const { rawConfig } = requireWrangler().experimental_readRawConfig({
  config: join(PROJECT_ROOT, 'wrangler.toml'),
});
const top = rawConfig as Scope & { env?: Record<string, Scope> };

describe('wrangler.toml keeps rate limiting on', () => {
  it('binds PRAXIS_RATE_LIMITER and PRAXIS_REGISTRATION_LIMITER, each with a positive limit per period', () => {
    for (const name of ['PRAXIS_RATE_LIMITER', 'PRAXIS_REGISTRATION_LIMITER']) {
      const limiter = top.ratelimits?.find((entry) => entry.name === name);
      expect(limiter, `no [[ratelimits]] named ${name}`).toBeDefined();
      expect(limiter!.simple?.limit).toBeGreaterThan(0);
      expect([10, 60]).toContain(limiter!.simple?.period);
    }
  });

  it('sets PRAXIS_RATE_LIMIT to "on" at the top level, and no environment turns it off', () => {
    expect(top.vars?.PRAXIS_RATE_LIMIT).toBe('on');
    for (const [name, scope] of Object.entries(top.env ?? {})) {
      expect(
        String(scope.vars?.PRAXIS_RATE_LIMIT ?? 'on')
          .trim()
          .toLowerCase(),
        `[env.${name}]`,
      ).not.toBe('off');
    }
  });
});
