// The benchmark's Worker: the real Praxis app, plus one floor route that does no work, so the
// benchmark can compare a search with the cheapest request the same Worker can answer.
import app, { type Env } from '../src/worker.ts';
import { FLOOR_PATH } from './floor.ts';

export default {
  fetch(request: Request, env: Env, context: ExecutionContext): Response | Promise<Response> {
    if (new URL(request.url).pathname === FLOOR_PATH) return new Response('ok');
    return app.fetch(request, env, context);
  },
};
