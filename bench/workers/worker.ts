// The benchmark's Worker: the real Praxis app, plus one floor route that does no work, so the
// benchmark can compare a search with the cheapest request the same Worker can answer, a route
// that hands out (and forgets) every KV read the isolate made, recorded by an instrumented binding,
// one that empties the isolate's content caches, so a request can meet content as a new isolate
// does with its code already compiled (bench/commands/cold-isolate.ts), one that answers MCP from a
// second, small bundle, so a request's code can be compiled without reading the measured content
// (the same command), and one that only reads keys (bench/commands/kv-read-cost.ts).
import app, { type Env } from '../../src/worker/index.ts';
import { resetContentCache } from '../../src/worker/content/store.ts';
import {
  FLOOR_PATH,
  FORGET_CONTENT_PATH,
  READ_KEYS_PATH,
  WARM_POINTER_KEY,
  WARM_UP_PATH,
} from './floor.ts';
import { pointerAt } from './pointer-at.ts';
import { readKeys } from './read-keys.ts';
import { IO_PATH, recordingNamespace, type StorageRead } from './storage-io.ts';

let reads: StorageRead[] = [];
let events = 0;
/**
 * One wrapped env per env object: the store caches bundles (and batches reads) per binding, and the
 * auth settings are read once per env object (src/worker/auth/config.ts), as on Cloudflare, where an
 * isolate's env is one object for all its requests. A fresh spread per request made the bench pay
 * for reading the settings on every call, which a deployment does not.
 */
const wrappedEnvs = new WeakMap<Env, Env>();

export default {
  fetch(request: Request, env: Env, context: ExecutionContext): Response | Promise<Response> {
    const path = new URL(request.url).pathname;
    if (path === FLOOR_PATH) return new Response('ok');
    if (path === FORGET_CONTENT_PATH) {
      resetContentCache();
      return new Response('forgotten');
    }
    if (path === READ_KEYS_PATH) return readKeys(request, env.CONTENT);
    if (path === WARM_UP_PATH) {
      const mcp = new URL(request.url);
      mcp.pathname = '/mcp';
      return app.fetch(
        new Request(mcp, request),
        { ...env, CONTENT: pointerAt(env.CONTENT, WARM_POINTER_KEY) },
        context,
      );
    }
    if (path === IO_PATH) {
      const body = JSON.stringify(reads);
      reads = [];
      return new Response(body, { headers: { 'content-type': 'application/json' } });
    }
    let wrapped = wrappedEnvs.get(env);
    if (!wrapped) {
      const content = recordingNamespace(
        env.CONTENT,
        (read) => reads.push(read),
        () => ++events,
      );
      wrappedEnvs.set(env, (wrapped = { ...env, CONTENT: content }));
    }
    return app.fetch(request, wrapped, context);
  },
};
