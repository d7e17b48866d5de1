// What the insights bench's Worker (bench/workers/insights-worker.ts) answers besides the app, named
// for both sides: the bench (Node) must not import the Worker itself.
/** Answers the D1 round trips made since it was last asked, and the rows usage_events holds. */
export const D1_PATH = '/bench/d1';
/** `on` or `off`: insights for this request. */
export const INSIGHTS_HEADER = 'x-bench-insights';
