// The benchmark Worker's route that does no work: the floor a real request is compared with.
export const FLOOR_PATH = '/bench/floor';

/** The benchmark Worker's route that empties the isolate's content caches (bench/workers/worker.ts). */
export const FORGET_CONTENT_PATH = '/bench/forget-content';
