// wrangler's JavaScript API, loaded when a command needs it: its bundle is 15 MB of CommonJS, which
// `praxis --help` and most commands never touch. Required, not imported: an import has Node first
// scan the whole bundle to tell its format and list its exports, ~0.5 s of CPU per process.
import { createRequire } from 'node:module';

export const requireWrangler = (): typeof import('wrangler') =>
  createRequire(import.meta.url)('wrangler') as typeof import('wrangler');
