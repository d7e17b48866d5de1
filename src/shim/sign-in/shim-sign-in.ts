// The shim signs the person in itself when the endpoint needs a sign-in and none is stored (or it
// was refused): the same flow as `praxis login` — the browser, a loopback redirect, the tokens in
// the person's sign-in file — started in the background: the MCP client is answered as soon as the
// browser has been started (and told so only then), and the next request uses the new sign-in. At
// most one sign-in runs at a time; another may start only once it ended (signed in, refused, or the
// timeout passed), so an agent calling again and again
// opens one browser window, not one per call. PRAXIS_BROWSER=none turns it off (the shim then only
// says to run `praxis login`). The authorization address goes to stderr, never into an answer the
// agent reads: whoever completes it signs this shim in. A sign-in address that is not a web page
// of the endpoint's authorization server is never opened (sign-in.ts); after such a refusal the
// shim starts no more sign-ins by itself and only says to run `praxis login`.
import { browserCommand } from './open-browser.ts';
import { RefusedSignInAddress, signIn } from './sign-in.ts';

export interface ShimSignIn {
  /** Starts a sign-in unless one is running; false when no browser may be opened here. */
  start(): boolean;
  /**
   * Whether the running sign-in has opened the browser: waits until its program has started (true),
   * or the sign-in ended or could not start it (false); false at once when none is running, and
   * false if neither happens within BROWSER_WAIT_MS. What the shim answers depends on it.
   */
  browserOpened(): Promise<boolean>;
  /** Ends a running sign-in's wait for the browser. */
  close(): void;
}

export interface ShimSignInOptions {
  url: URL;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  timeoutMs: number;
  /** Called once a sign-in this started has stored its tokens. */
  onSignedIn: () => void;
  /** Whose opener starts the browser (tests play each platform's). */
  platform?: NodeJS.Platform;
}

/** How long an answer waits for the browser to be started (discovery and registration come first). */
const BROWSER_WAIT_MS = 20_000;

export function shimSignIn(options: ShimSignInOptions): ShimSignIn {
  const { url, env, log, timeoutMs, onSignedIn, platform = process.platform } = options;
  let running: AbortController | undefined;
  let opened: Promise<boolean> = Promise.resolve(false);
  let closed = false;
  let refusedAddress = false;
  return {
    start() {
      if (closed || refusedAddress || !browserCommand(env, platform, url.href)) return false;
      if (running) return true;
      const controller = new AbortController();
      running = controller;
      let browserStarted!: (started: boolean) => void;
      opened = new Promise<boolean>((resolve) => (browserStarted = resolve));
      signIn({
        url,
        env,
        log,
        timeoutMs,
        signal: controller.signal,
        speaker: 'praxis shim',
        platform,
        onBrowserOpened: browserStarted,
      })
        .then(
          () => {
            log(`praxis shim: signed in to ${url.href}; its tools are available now.`);
            onSignedIn();
          },
          (error: unknown) => {
            const why = error instanceof Error ? error.message : String(error);
            if (error instanceof RefusedSignInAddress) {
              refusedAddress = true;
              log(
                `praxis shim: the sign-in to ${url.href} was stopped (${why}); ` +
                  'the shim starts no other sign-in by itself.',
              );
            } else if (!controller.signal.aborted) {
              log(
                `praxis shim: the sign-in to ${url.href} did not complete (${why}); the next request starts another.`,
              );
            }
          },
        )
        .finally(() => {
          browserStarted(false); // no effect once the browser was started
          if (running === controller) {
            running = undefined;
            opened = Promise.resolve(false);
          }
        });
      return true;
    },
    browserOpened() {
      if (!running) return Promise.resolve(false);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), BROWSER_WAIT_MS).unref();
      });
      return Promise.race([opened, late]).finally(() => clearTimeout(timer));
    },
    close() {
      closed = true;
      running?.abort();
    },
  };
}
