import { fileURLToPath } from 'node:url';

/** The checkout this CLI belongs to: `praxis token` and `praxis dev` meet here. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const WRANGLER_BIN = fileURLToPath(
  new URL('../../node_modules/wrangler/bin/wrangler.js', import.meta.url),
);
/** wrangler's local KV state; PRAXIS_STATE_DIR moves it (tests run beside a developer's own server). */
export const LOCAL_STATE_DIR =
  process.env.PRAXIS_STATE_DIR || fileURLToPath(new URL('../../.wrangler/state', import.meta.url));
export const PRAXIS_DIR = fileURLToPath(new URL('../../.praxis', import.meta.url));
