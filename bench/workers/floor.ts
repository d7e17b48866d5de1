// The benchmark Worker's route that does no work: the floor a real request is compared with.
export const FLOOR_PATH = '/bench/floor';
