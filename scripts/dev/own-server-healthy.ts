// `praxis dev`'s readiness check. A port it was handed can be taken by another program before
// wrangler binds it; wrangler then fails to bind and exits, while that program may answer /healthz
// with 200. Only an answer carrying the instance name this start gave its own Worker
// (PRAXIS_DEV_INSTANCE, sent back as the praxis-dev-instance header) means ready.

/** Whether `url` (a /healthz) answered 200 naming `instance` before `exited` settled or `timeoutMs` passed. */
export async function ownServerHealthy(
  url: string,
  instance: string,
  exited: Promise<unknown>,
  timeoutMs: number,
): Promise<boolean> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  while (!gone && Date.now() < deadline) {
    const ours = await fetch(url).then(
      (response) =>
        response.status === 200 && response.headers.get('praxis-dev-instance') === instance,
      () => false,
    );
    if (ours) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}
