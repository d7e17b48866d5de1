/** Who is asking, as far as the content layer cares. Never carries the token itself. */
export interface Principal {
  subject: string;
  groups: string[];
  scopes: string[];
  /** Which auth mode admitted the request (for audit lines). */
  via: AuthMode;
}

export type AuthMode = 'local' | 'off';
export const AUTH_MODES: readonly AuthMode[] = ['local', 'off'];

export const ANONYMOUS_DEVELOPER: Omit<Principal, 'via'> = { subject: 'anonymous (auth off)', groups: [], scopes: [] };
