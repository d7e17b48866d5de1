// How many runs a fuzz or property test makes: its own default, or FUZZ_RUNS from the environment for
// a long run (`FUZZ_RUNS=20000 npx vitest …`). Runtime-neutral: the workerd tests import it too, so it
// reads vitest's import.meta.env, or process.env where there is one, and imports nothing.

/** FUZZ_RUNS=<n> multiplies nothing: it replaces the default. */
export function fuzzRuns(defaultRuns: number): number {
  const fromEnv = Number(
    (import.meta as { env?: Record<string, string | undefined> }).env?.FUZZ_RUNS ??
      (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
        ?.FUZZ_RUNS,
  );
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : defaultRuns;
}
