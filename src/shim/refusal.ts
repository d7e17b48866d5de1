// A refusal is an answer, not a crash: the shim declined to act and says why, in words meant
// for the person (or agent) who asked, with the paths involved when there are any.
import { PraxisError } from '../shared/praxis-error.ts';

export type RefusalCode =
  | 'INVALID_SESSION_ID'
  | 'SESSION_NOT_FOUND'
  | 'SESSION_AMBIGUOUS'
  | 'SESSION_IS_ACTIVE'
  | 'SESSION_NOT_VERIFIED'
  | 'NOT_A_REPOSITORY'
  | 'NO_COMMITS'
  | 'NO_MERGE_BASE'
  | 'ACTIVE_TREE_DIRTY'
  | 'OPERATION_IN_PROGRESS'
  | 'MERGE_CONFLICTS'
  | 'IGNORED_FILES_IN_THE_WAY'
  | 'HUMAN_ACTION_REQUIRED'
  | 'GIT_FAILED'
  | 'REMOTE_AUTH_FAILED'
  | 'REMOTE_SIGN_IN_REQUIRED'
  | 'REMOTE_UNAVAILABLE';

/** The shim's refusals carry the shim contract's own codes rather than an ERR_ code. */
export class Refusal extends PraxisError {
  static override code = 'ERR_REFUSED';
  override readonly code: RefusalCode;
  readonly paths: string[];
  constructor(code: RefusalCode, message: string, paths: string[] = []) {
    super(message);
    this.code = code;
    this.paths = paths;
  }
}

/** Lists at most `limit` paths for a message, saying how many were left out. */
export function pathList(paths: string[], limit = 20): string {
  const shown = paths.slice(0, limit).map((p) => `  ${p}`);
  if (paths.length > limit) shown.push(`  … and ${paths.length - limit} more`);
  return shown.join('\n');
}
