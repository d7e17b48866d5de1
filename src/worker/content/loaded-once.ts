// A part of a content version loaded once per isolate and shared by every request that needs it:
// the load is kept while it runs and after it succeeds; a load that fails is forgotten, so the next
// request that needs the part tries again instead of inheriting the failure.

/** `loads[key]`, started with `load` when absent (or forgotten after a failure). */
export function loadedOnce<K, V>(
  loads: Map<K, Promise<V>>,
  key: K,
  load: () => Promise<V>,
): Promise<V> {
  const running = loads.get(key);
  if (running) return running;
  const loading = load();
  loads.set(key, loading);
  loading.catch(() => {
    if (loads.get(key) === loading) loads.delete(key);
  });
  return loading;
}
