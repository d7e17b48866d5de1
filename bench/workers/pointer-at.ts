// A KV binding whose pointer is read from another key: the bench Worker's warm-up route serves a
// second, small bundle from the same namespace (its objects are content-addressed, so they sit
// beside the measured bundle's without touching them).
import { POINTER_KEY } from '../../src/bundle/bundle.ts';

export function pointerAt(kv: KVNamespace, key: string): KVNamespace {
  const moved = (name: string) => (name === POINTER_KEY ? key : name);
  return new Proxy(kv, {
    get(target, property) {
      if (property !== 'get') return Reflect.get(target, property, target) as unknown;
      return (keys: string | string[], options?: unknown) =>
        Array.isArray(keys)
          ? (target.get as (k: string[], o?: unknown) => Promise<Map<string, unknown>>)(
              keys.map(moved),
              options,
            ).then((found) => new Map(keys.map((name) => [name, found.get(moved(name)) ?? null])))
          : (target.get as (k: string, o?: unknown) => Promise<unknown>)(moved(keys), options);
    },
  });
}
