// A D1 binding that keeps, for every statement it runs, the SQL, the values bound and what D1 said
// of it (meta: rows read and written, duration), so the insights queries bench can print the figures
// of the Worker's own statements (src/worker/insights/usage-events.ts) and ask for their query plans.
// Statements handed to batch are unwrapped first: the real binding accepts only its own.

export interface RecordedStatement {
  sql: string;
  values: unknown[];
  meta: D1Meta & Record<string, unknown>;
}

export function recordingD1(db: D1Database, recorded: RecordedStatement[]): D1Database {
  const real = new WeakMap<
    object,
    { statement: D1PreparedStatement; sql: string; values: unknown[] }
  >();
  const wrap = (
    statement: D1PreparedStatement,
    sql: string,
    values: unknown[],
  ): D1PreparedStatement => {
    const wrapped = new Proxy(statement, {
      get(target, property) {
        if (property === 'bind')
          return (...bound: unknown[]) => wrap(target.bind(...bound), sql, bound);
        if (property === 'run' || property === 'all')
          return async () => {
            const result = await target[property]();
            recorded.push({ sql, values, meta: result.meta as RecordedStatement['meta'] });
            return result;
          };
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    real.set(wrapped, { statement, sql, values });
    return wrapped;
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'prepare') return (sql: string) => wrap(target.prepare(sql), sql, []);
      if (property === 'batch')
        return async (statements: D1PreparedStatement[]) => {
          const unwrapped = statements.map((statement) => real.get(statement));
          const results = await target.batch(
            unwrapped.map((entry, i) => entry?.statement ?? statements[i]!),
          );
          results.forEach((result, i) =>
            recorded.push({
              sql: unwrapped[i]?.sql ?? '(unknown)',
              values: unwrapped[i]?.values ?? [],
              meta: result.meta as RecordedStatement['meta'],
            }),
          );
          return results;
        };
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
