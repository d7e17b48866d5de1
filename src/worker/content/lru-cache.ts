// A least-recently-used map bounded by a total size (characters for cached text, or a count when
// every entry weighs 1): isolates have 128 MB, so every per-isolate cache needs a bound.
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; size: number }>();
  private total = 0;
  private readonly maxSize: number;

  constructor(maxSize: number) {
    this.maxSize = maxSize;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.total -= entry.size;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  /** Keeps `value` (weighing `size`), dropping the least recently used entries over the bound; never the newest. */
  set(key: K, value: V, size: number): void {
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.total -= previous.size;
    }
    this.entries.set(key, { value, size });
    this.total += size;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxSize || oldest === key) break;
      this.entries.delete(oldest);
      this.total -= entry.size;
    }
  }
}
