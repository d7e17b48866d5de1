// Where this `praxis` runs from: a Praxis checkout (the TypeScript sources beside wrangler.toml, with
// the development dependencies installed) or the installed package (compiled JavaScript in dist/,
// without the Worker's sources, wrangler.toml or wrangler). Commands that run the Worker or reach its
// KV and R2 through wrangler need the checkout; they say so in one line instead of failing on an import.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The checkout's root when this file is scripts/cli/checkout.ts; dist/ in the installed package. */
const root = new URL('../../', import.meta.url);

/** Whether this `praxis` runs from a checkout's sources (not the installed package). */
export function inCheckout(): boolean {
  return existsSync(new URL('wrangler.toml', root));
}

/** Why `praxis <command>` cannot run here, as one line; undefined in a checkout after `npm ci`. */
export function checkoutProblem(command: string): string | undefined {
  if (!inCheckout()) {
    return (
      `praxis ${command} needs a Praxis checkout (the Worker's sources, wrangler.toml and wrangler), which ` +
      'the installed package leaves out: clone the Praxis repository, run `npm ci` in it ' +
      `and run \`npx praxis ${command}\` there.`
    );
  }
  if (!existsSync(new URL('node_modules/wrangler/package.json', root))) {
    const here = fileURLToPath(root);
    return (
      `praxis ${command} needs wrangler, a development dependency of this checkout: ` +
      `run \`npm ci\` in ${here} first.`
    );
  }
  return undefined;
}

/** A page of docs/ by its path on this machine: the checkout's, or the copy the installed package carries. */
export function documentationPage(name: string): string {
  const packageRoot = existsSync(new URL('package.json', root)) ? root : new URL('../', root);
  return fileURLToPath(new URL(`docs/${name}`, packageRoot));
}
