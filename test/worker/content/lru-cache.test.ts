// The bounded cache behind the isolate's object text and parsed shards/chunks (src/shared/lru-cache.ts).
import { describe, expect, it } from 'vitest';
import { LruCache } from '../../../src/worker/content/lru-cache.ts';

describe('LruCache', () => {
  it('drops the least recently used entries once the total size passes the bound', () => {
    const cache = new LruCache<string, string>(10);
    cache.set('a', 'A', 4);
    cache.set('b', 'B', 4);
    expect(cache.get('a')).toBe('A'); // a is now the most recently used
    cache.set('c', 'C', 4); // 12 > 10: b goes, not a
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
  });

  it('keeps the newest entry even when it alone is over the bound, and lets it go next time', () => {
    const cache = new LruCache<string, string>(10);
    cache.set('small', 's', 2);
    cache.set('huge', 'h', 50);
    expect(cache.get('small')).toBeUndefined();
    expect(cache.get('huge')).toBe('h');
    cache.set('next', 'n', 1);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('next')).toBe('n');
  });

  it('re-weighs an entry set again, and forgets a deleted one', () => {
    const cache = new LruCache<string, string>(10);
    cache.set('a', 'A', 0);
    cache.set('b', 'B', 6);
    cache.set('a', 'A', 6); // now weighed: 12 > 10, b is the least recently used
    expect(cache.get('b')).toBeUndefined();
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    cache.set('c', 'C', 10); // the deleted weight no longer counts: c fits alone
    expect(cache.get('c')).toBe('C');
  });
});
