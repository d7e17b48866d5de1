// The benchmark Worker's route that does no work: the floor a real request is compared with.
export const FLOOR_PATH = '/bench/floor';

/** The benchmark Worker's route that empties the isolate's content caches (bench/workers/worker.ts). */
export const FORGET_CONTENT_PATH = '/bench/forget-content';

/**
 * The benchmark Worker's route that reads the keys a POSTed `ReadKeys` names from CONTENT, as text,
 * and answers how many characters came: what reading alone costs the isolate (bench/commands/kv-read-cost.ts).
 */
export const READ_KEYS_PATH = '/bench/read-keys';

/** `bulk`: bulk reads of up to 100 keys, as kvTexts makes them; `alone`: one read per key, all in flight. */
export interface ReadKeys {
  keys: string[];
  how: 'bulk' | 'alone';
}

/**
 * The benchmark Worker's route that answers as /mcp does, but from the bundle whose pointer is stored
 * under WARM_POINTER_KEY: a request there compiles the code a request runs without reading the
 * measured content (bench/commands/cold-isolate.ts).
 */
export const WARM_UP_PATH = '/bench/warm-up';
export const WARM_POINTER_KEY = 'praxis:bench-warm-up-pointer';
