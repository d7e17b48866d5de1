// One renewal at a time per sign-in file, across every praxis process of the user. Several shims
// (one per MCP client or editor window) share one sign-in file, and the endpoint revokes the whole
// grant when a refresh token is used twice; two processes refreshing with the same stored token
// would sign each other out. So a renewal holds `<sign-in file>.lock` (a directory, created
// atomically by proper-lockfile, which also keeps its mtime fresh while held and removes it on exit)
// and rereads the file first: if another process renewed meanwhile, its tokens are used as they are.
import lockfile from 'proper-lockfile';

/** A lock whose holder has not touched it for this long is taken over (its process has died). */
const STALE_MS = 15_000;
/** How long a renewal waits for another process's: longer than STALE_MS, so a dead holder's lock is reclaimed. */
const WAIT_ATTEMPTS = 200;
const WAIT_STEP_MS = 100;

/** Runs `renew` while holding the sign-in file's renewal lock. */
export async function whileRenewing<T>(signInPath: string, renew: () => Promise<T>): Promise<T> {
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(signInPath, {
      realpath: false,
      lockfilePath: renewalLockPath(signInPath),
      stale: STALE_MS,
      retries: {
        retries: WAIT_ATTEMPTS,
        factor: 1,
        minTimeout: WAIT_STEP_MS,
        maxTimeout: 2 * WAIT_STEP_MS,
        randomize: true,
      },
      // Taken over while held (this process stalled for longer than STALE_MS): the renewal under way
      // finishes anyway. The default would throw from a timer and end the process.
      onCompromised: () => undefined,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    throw new Error(
      `another Praxis process has been renewing the sign-in in ${signInPath} for too long; try again shortly`,
    );
  }
  try {
    return await renew();
  } finally {
    await release().catch(() => undefined);
  }
}

export const renewalLockPath = (signInPath: string): string => `${signInPath}.lock`;
