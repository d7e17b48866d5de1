// Opens a URL in the person's browser: the program named by PRAXIS_BROWSER ("none" for no
// browser at all: headless machines, tests that play the browser themselves), else the
// platform's opener. No shell is involved: the URL is one argument. The opener's output is
// discarded — `praxis login` prints the URL itself, so a missing browser costs nothing. Which
// URLs may come here at all is decided before (openable-authorization-url.ts).
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export function browserCommand(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
  url: string,
): { program: string; args: string[] } | undefined {
  const chosen = env.PRAXIS_BROWSER?.trim();
  if (chosen === 'none') return undefined;
  if (chosen) return { program: chosen, args: [url] };
  if (platform === 'darwin') return { program: 'open', args: [url] };
  // rundll32 rather than `cmd /c start`, which would read & and ^ in the URL as shell syntax; by
  // its full path, as Windows looks for a bare program name in the current directory first.
  if (platform === 'win32') {
    const program = env.SystemRoot ? join(env.SystemRoot, 'System32', 'rundll32.exe') : 'rundll32';
    return { program, args: ['url.dll,FileProtocolHandler', url] };
  }
  return { program: 'xdg-open', args: [url] };
}

/**
 * Starts the browser without waiting for it: resolves true once its program has started, false when
 * there is none to start or it could not be started (said on `log`).
 */
export function openBrowser(
  url: string,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
  platform: NodeJS.Platform = process.platform,
): Promise<boolean> {
  const command = browserCommand(env, platform, url);
  if (!command) return Promise.resolve(false);
  return new Promise((resolve) => {
    const failed = (error: Error) => {
      log(
        `praxis: could not start ${command.program} (${error.message}); open the address above yourself.`,
      );
      resolve(false);
    };
    try {
      const child = spawn(command.program, command.args, { stdio: 'ignore', detached: true, env });
      child.once('spawn', () => resolve(true));
      child.once('error', failed);
      child.unref();
    } catch (error) {
      failed(error as Error);
    }
  });
}
