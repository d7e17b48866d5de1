// The warm-up route's binding: the pointer comes from another key, every other key and method is the
// namespace's own, and a bulk read still answers under the keys asked for.
import { describe, expect, it } from 'vitest';
import { POINTER_KEY } from '../../../src/bundle/bundle.ts';
import { pointerAt } from '../../../bench/workers/pointer-at.ts';

/** A namespace over a Map (the part of KVNamespace the wrapper touches: single and bulk get, list). */
function mapNamespace(values: Record<string, string>): KVNamespace {
  const value = (key: string) => values[key] ?? null;
  return {
    get: async (key: string | string[]) =>
      Array.isArray(key) ? new Map(key.map((one) => [one, value(one)])) : value(key),
    list: async () => ({ keys: Object.keys(values).map((name) => ({ name })) }),
  } as unknown as KVNamespace;
}

describe('pointerAt', () => {
  const kv = mapNamespace({
    [POINTER_KEY]: 'measured pointer',
    'warm-pointer': 'warm pointer',
    'praxis:obj:a': 'object a',
  });
  const warm = pointerAt(kv, 'warm-pointer');

  it('reads the pointer from the other key, alone or in a bulk read, under the key asked for', async () => {
    expect(await warm.get(POINTER_KEY, 'text')).toBe('warm pointer');
    expect(await warm.get([POINTER_KEY, 'praxis:obj:a'], 'text')).toEqual(
      new Map([
        [POINTER_KEY, 'warm pointer'],
        ['praxis:obj:a', 'object a'],
      ]),
    );
  });

  it('leaves every other key and method as the namespace has them', async () => {
    expect(await warm.get('praxis:obj:a', 'text')).toBe('object a');
    expect(await warm.get('praxis:obj:missing', 'text')).toBeNull();
    expect((await warm.list()).keys.map((key) => key.name)).toContain('warm-pointer');
    expect(await kv.get(POINTER_KEY, 'text')).toBe('measured pointer');
  });
});
