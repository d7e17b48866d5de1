// A Worker whose CPU per request is known, to check the isolate-CPU estimator against: it answers
// a small JSON body after `?iterations=N` turns of an integer loop (none by default), run
// `&repeat=R` times (once by default), with the milliseconds the loops took by performance.now().
// workerd stands its clock still while a request runs unless the Worker has the `precise_timers`
// compatibility flag, and even then counts whole milliseconds: bench/commands/estimator-check.ts
// starts it with that flag and times R × N turns over hundreds of milliseconds to learn what one
// loop of N turns costs — the same function with the same N as the measured requests run, so the
// JIT has compiled it the same way — then asks for one loop per request.
const MAX_REPEAT = 100_000;

function burn(iterations: number, seed: number): number {
  let state = seed;
  for (let i = 0; i < iterations; i++) state = (Math.imul(state, 48271) + i) | 0;
  return state;
}

export default {
  fetch(request: Request): Response {
    const search = new URL(request.url).searchParams;
    const iterations = Number(search.get('iterations') ?? 0);
    const repeat = Math.min(Number(search.get('repeat') ?? 1), MAX_REPEAT);
    const started = performance.now();
    let state = 1;
    for (let r = 0; r < repeat; r++) state = burn(iterations, state);
    return Response.json({ ok: true, state, loopMs: performance.now() - started });
  },
};
