// The one family of errors Praxis raises on purpose (jose's JOSEError is the pattern): every kind has
// a stable `code`, on the class and on each error, and each program maps the family at one boundary
// — the Worker to a JSON-RPC error and HTTP status, the command line to one line and an exit status,
// the shim to a tool error result. Anything else that reaches a boundary is a bug: it is logged and
// answered as an internal error, never shown to a client as a stack trace.
export class PraxisError extends Error {
  static code = 'ERR_PRAXIS';
  readonly code: string = 'ERR_PRAXIS';

  constructor(message?: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}
