// Waits for something a separate process does in its own time (a row written after an answer, a
// rebuilt version served): reads every 250 ms until `done` holds or `timeoutMs` passes, then returns
// the last value read, for the test's own assertion to judge.
export async function eventually<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
