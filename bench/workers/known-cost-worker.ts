// A Worker whose CPU per request is known, to check the isolate-CPU estimator against: it answers
// a small JSON body, after `?iterations=N` turns of an integer loop (none by default). The raw JSON
// answer costs the isolate next to nothing; the loop's cost is read from the workerd process's own
// CPU accounting (bench/profiling/process-cpu.ts) as the difference with the raw answer.
export default {
  fetch(request: Request): Response {
    const iterations = Number(new URL(request.url).searchParams.get('iterations') ?? 0);
    let state = 1;
    for (let i = 0; i < iterations; i++) state = (Math.imul(state, 48271) + i) | 0;
    return Response.json({ ok: true, state });
  },
};
