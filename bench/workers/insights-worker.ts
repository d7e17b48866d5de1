// The insights bench's Worker (bench/commands/insights.ts): the real Praxis app with its INSIGHTS
// binding counted (bench/workers/counting-d1.ts), and insights switched per request by the header
// `x-bench-insights: on|off`, so one isolate over one corpus serves both and their CPU can be
// compared in the same run. `/bench/d1` answers the round trips made since it was last asked, and
// how many usage events the table holds.
import app, { type Env } from '../../src/worker/index.ts';
import { countingD1, type D1Counter } from './counting-d1.ts';
import { D1_PATH, INSIGHTS_HEADER } from './insights-bench-routes.ts';

const counter: D1Counter = { roundTrips: 0 };
/** One env per setting and binding object: the Worker remembers some things per env, as a deployed isolate gets one env. */
const envs = new WeakMap<Env, { on: Env; off: Env }>();

function envFor(env: Env, setting: 'on' | 'off'): Env {
  let both = envs.get(env);
  if (!both) {
    const INSIGHTS = countingD1(env.INSIGHTS!, counter);
    both = {
      on: { ...env, INSIGHTS, PRAXIS_INSIGHTS: 'on' },
      off: { ...env, INSIGHTS, PRAXIS_INSIGHTS: 'off' },
    };
    envs.set(env, both);
  }
  return both[setting];
}

export default {
  async fetch(request: Request, env: Env, context: ExecutionContext): Promise<Response> {
    if (new URL(request.url).pathname === D1_PATH) {
      const roundTrips = counter.roundTrips;
      counter.roundTrips = 0;
      const rows = await env
        .INSIGHTS!.prepare('SELECT COUNT(*) AS n FROM usage_events')
        .first<number>('n');
      return Response.json({ roundTrips, rows });
    }
    const setting = request.headers.get(INSIGHTS_HEADER) === 'off' ? 'off' : 'on';
    return app.fetch(request, envFor(env, setting), context);
  },
};
