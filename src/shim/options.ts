// `praxis shim` options, checked before anything starts. Problems are returned as sentences
// for the CLI to print with its usage.

export interface ShimOptions {
  repoDir: string;
  allowAgentGet: boolean;
  /** The endpoint to bridge; with tokenEnv its token comes from that variable, else from `praxis login`. */
  remote?: { url: URL; tokenEnv?: string };
}

export interface RawShimOptions {
  repo?: string;
  allowAgentGet?: boolean;
  remote?: string;
  tokenEnv?: string;
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export type ParsedShimOptions = { ok: true; options: ShimOptions } | { ok: false; problem: string };

export function parseShimOptions(raw: RawShimOptions, cwd: string): ParsedShimOptions {
  const base = { repoDir: raw.repo ?? cwd, allowAgentGet: raw.allowAgentGet === true };
  if (raw.remote === undefined && raw.tokenEnv === undefined) return { ok: true, options: base };
  if (raw.remote === undefined) {
    return {
      ok: false,
      problem:
        '--token-env needs --remote: the URL of the Praxis endpoint whose token the variable holds.',
    };
  }
  if (raw.tokenEnv !== undefined && !ENV_NAME.test(raw.tokenEnv))
    return {
      ok: false,
      problem: `--token-env takes a variable name such as PRAXIS_TOKEN, not ${JSON.stringify(raw.tokenEnv)}.`,
    };
  const problem = remoteUrlProblem(raw.remote);
  if (problem) return { ok: false, problem };
  const url = new URL(raw.remote);
  return {
    ok: true,
    options: {
      ...base,
      remote: raw.tokenEnv === undefined ? { url } : { url, tokenEnv: raw.tokenEnv },
    },
  };
}

/** Why `text` cannot be the endpoint URL, or undefined. */
export function remoteUrlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `--remote must be a URL such as https://praxis.example.com/mcp, not ${JSON.stringify(text)}.`;
  }
  if (url.username || url.password)
    return '--remote must not carry credentials; the token comes from `praxis login` or --token-env.';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return undefined;
  return `--remote must use https (plain http only for localhost), so the token never travels in clear: ${url.protocol}//${url.host}.`;
}

export function shimInstructions(repoTop: string, getAllowed: boolean, endpoint?: string): string {
  const get = getAllowed
    ? 'worktree_get merges a session into the active working directory (enabled by the human).'
    : 'worktree_get is a human action and is not available to agents here; suggest `praxis worktree get <session_id>` to the human instead.';
  const remote = endpoint
    ? ` The Praxis endpoint ${endpoint} is bridged: its tools, resources and prompts are listed under their own names.`
    : '';
  return `Praxis local shim for the git repository at ${repoTop}. Sessions are its other worktrees; worktree_list names them, worktree_read shows a session's changes read-only. ${get}${remote}`;
}
