// Preloaded (`node --import`) into the praxis processes the shim tests start. Node loads each
// TypeScript source as the JavaScript its type stripping makes of it; stripping needs a
// WebAssembly parser that costs every process a fifth of a second of CPU to load, and more
// memory, which makes each git process it starts dearer to fork. A source whose stripped form
// stripped-sources.ts put in the cache (the same stripping, by Node's stripTypeScriptTypes)
// loads that text instead, byte for byte what Node would have run, and the parser is never
// loaded. Any other source — not cached, or changed since — goes to Node's own loader.
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strippedKey } from './stripped-key.mjs';

// Where stripped-sources.ts keeps the cache.
const cache = fileURLToPath(
  new URL('../../../node_modules/.cache/praxis-stripped-sources/', import.meta.url),
);

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
    let stripped;
    try {
      stripped = readFileSync(
        join(cache, `${strippedKey(url, readFileSync(fileURLToPath(url)))}.js`),
        'utf8',
      );
    } catch {
      return nextLoad(url, context);
    }
    return { format: 'module', source: stripped, shortCircuit: true };
  },
});
