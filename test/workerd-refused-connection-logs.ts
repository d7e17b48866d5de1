// workerd logs a refused outbound connection as an uncaught exception, with native stack addresses,
// even when the Worker catches the fetch's rejection (a Worker that only does
// `await fetch(closedPort).catch(() => 0)` prints the same three messages). The workerd tests refuse
// connections on purpose — an identity provider that is down — and assert what the Worker answers, so
// in the quiet output those messages are dropped: exactly these, nothing else workerd prints.
// PRAXIS_TEST_LOGS=1 keeps them.
const REFUSED_CONNECTION_MESSAGES = [
  'disconnected: Connection refused (os error 111)',
  'uncaught exception; source = Uncaught (in promise); stack = Error: Network connection lost.',
  'uncaught exception; exception = workerd/jsg/value.h:1535: disconnected: jsg.Error: Network connection lost.',
];

/** Wraps this process's stdout and stderr (where the workers pool writes workerd's logs, a message per
 * write) to drop those messages. */
export function dropRefusedConnectionLogs(): void {
  for (const stream of [process.stdout, process.stderr]) dropFrom(stream);
}

function dropFrom(stream: NodeJS.WriteStream): void {
  const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    const text =
      typeof chunk === 'string'
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk).toString('utf8')
          : '';
    if (REFUSED_CONNECTION_MESSAGES.some((message) => text.includes(message))) {
      const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      done?.();
      return true;
    }
    return write(chunk, ...rest);
  }) as typeof stream.write;
}
