// worktree_get is a human action (the worktree contract): agents neither see nor can call it unless the
// human enabled it, with `--allow-agent-get` or with `{"allowAgentGet": true}` in
// `<git common dir>/praxis-shim.json` (usually `.git/praxis-shim.json`). That file sits inside
// `.git`, which no shim tool writes to, so an agent cannot switch the gate on through the shim.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Refusal } from './refusal.ts';
import { sessionIdProblem } from './sessions/session-id.ts';

export const CONFIG_FILE = 'praxis-shim.json';

export interface GateDecision {
  allowed: boolean;
  /** Where the permission came from, or why the config file was ignored. */
  reason: string;
}

/** Reads the config text's `allowAgentGet`; anything but the boolean true keeps the gate shut. */
export function allowAgentGetFrom(configText: string): boolean {
  const parsed: unknown = JSON.parse(configText);
  return (
    typeof parsed === 'object' &&
    parsed !== null &&
    (parsed as Record<string, unknown>).allowAgentGet === true
  );
}

export async function decideAgentGet(flag: boolean, commonDir: string): Promise<GateDecision> {
  if (flag) return { allowed: true, reason: 'enabled by --allow-agent-get' };
  const path = join(commonDir, CONFIG_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return { allowed: false, reason: 'disabled (no --allow-agent-get, no config file)' };
  }
  try {
    return allowAgentGetFrom(text)
      ? { allowed: true, reason: `enabled by ${path}` }
      : { allowed: false, reason: `disabled (${path} does not set "allowAgentGet": true)` };
  } catch (error) {
    return {
      allowed: false,
      reason: `disabled (${path} is not valid JSON: ${(error as Error).message})`,
    };
  }
}

/** Quotes an argument for a POSIX shell only when it needs it, for commands people copy. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The command a human runs to do what the agent asked for. */
export function humanGetCommand(
  sessionId: unknown,
  options: { squash?: boolean; noCommit?: boolean },
  repoDir: string,
): string {
  const id = sessionIdProblem(sessionId) === undefined ? (sessionId as string) : '<session-id>';
  const flags = [options.squash ? '--squash' : '', options.noCommit ? '--no-commit' : ''].filter(
    Boolean,
  );
  return ['praxis', 'worktree', 'get', id, ...flags, '--repo', shellWord(repoDir)].join(' ');
}

export function humanActionRefusal(
  sessionId: unknown,
  options: { squash?: boolean; noCommit?: boolean },
  repoDir: string,
): Refusal {
  return new Refusal(
    'HUMAN_ACTION_REQUIRED',
    [
      'worktree_get is a human action: merging a session into the active working directory needs a person to decide, so agents cannot call it here.',
      `To merge it yourself, run:\n  ${humanGetCommand(sessionId, options, repoDir)}`,
      `To let agents call worktree_get, restart the shim with --allow-agent-get or write {"allowAgentGet": true} to .git/${CONFIG_FILE}.`,
      'Until then, worktree_read shows what the session changed.',
    ].join('\n'),
  );
}
