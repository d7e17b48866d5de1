// A D1 binding that counts its round trips, for the bench: every batch, exec or statement run
// (run, all, first, raw) is one request to D1. Statements handed to batch are unwrapped first:
// the real binding accepts only its own statements.

export interface D1Counter {
  roundTrips: number;
}

export function countingD1(db: D1Database, counter: D1Counter): D1Database {
  const real = new WeakMap<object, D1PreparedStatement>();
  const wrapStatement = (statement: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = new Proxy(statement, {
      get(target, property) {
        if (property === 'bind')
          return (...values: unknown[]) => wrapStatement(target.bind(...values));
        if (property === 'run' || property === 'all' || property === 'first' || property === 'raw')
          counter.roundTrips++;
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    real.set(wrapped, statement);
    return wrapped;
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'prepare') return (query: string) => wrapStatement(target.prepare(query));
      if (property === 'batch')
        return (statements: D1PreparedStatement[]) => {
          counter.roundTrips++;
          return target.batch(statements.map((statement) => real.get(statement) ?? statement));
        };
      if (property === 'exec')
        return (query: string) => {
          counter.roundTrips++;
          return target.exec(query);
        };
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
