// How the shim tests start a praxis process (and the scripted browser a sign-in opens):
// `node --import stripped-sources-hook.mjs bin/praxis.mjs …`, with the checkout's TypeScript
// sources stripped once per test file here instead of once per process (see the hook). The
// process runs the same bin/praxis.mjs and the same code; only where the stripped text comes
// from changes.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { strippedKey } from './stripped-key.mjs';

const ROOT = resolve(import.meta.dirname, '../../..');
// The hook reads the same folder.
const CACHE = join(ROOT, 'node_modules/.cache/praxis-stripped-sources');
const HOOK = pathToFileURL(join(import.meta.dirname, 'stripped-sources-hook.mjs')).href;

export const BIN = join(ROOT, 'bin/praxis.mjs');

let filled = false;

/** Node's arguments before the script, the cache filled for every source under scripts/ and src/ and the test helpers processes run. */
export function praxisNodeArgs(): string[] {
  if (!filled) {
    mkdirSync(CACHE, { recursive: true });
    for (const dir of ['scripts', 'src', 'test/helpers/shim', 'test/fixtures'])
      for (const file of sourcesUnder(join(ROOT, dir))) cache(file);
    filled = true;
  }
  return ['--import', HOOK];
}

function cache(file: string): void {
  const url = pathToFileURL(file).href;
  const source = readFileSync(file);
  const entry = join(CACHE, `${strippedKey(url, source)}.js`);
  if (existsSync(entry)) return;
  // Written under a name of its own, then renamed: a process never reads half an entry.
  const partial = `${entry}.${process.pid}.partial`;
  writeFileSync(partial, stripTypeScriptTypes(source.toString('utf8'), { sourceUrl: url }));
  renameSync(partial, entry);
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}
