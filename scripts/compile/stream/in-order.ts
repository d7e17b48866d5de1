// `work` over `items` with at most `limit` in flight, results yielded in input order: files read
// ahead in parallel, used one at a time, and no more than `limit` of them held at once.

export async function* inOrder<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): AsyncGenerator<R> {
  const pending: Promise<R>[] = [];
  let next = 0;
  const start = (): void => {
    const promise = work(items[next++] as T);
    // Awaited in turn below; this only keeps a failure from being reported as unhandled meanwhile.
    promise.catch(() => {});
    pending.push(promise);
  };
  while (next < items.length && pending.length < limit) start();
  while (pending.length) {
    const result = await pending.shift()!;
    if (next < items.length) start();
    yield result;
  }
}
