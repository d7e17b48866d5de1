/** Who is asking, as far as the content layer cares. Never carries the token itself. */
export interface Principal {
  subject: string;
  groups: string[];
  scopes: string[];
  /** Which kind of credential admitted the request (for audit lines). */
  via: 'local' | 'cloud' | 'oauth' | 'off';
}

export const ANONYMOUS_DEVELOPER: Omit<Principal, 'via'> = {
  subject: 'anonymous (auth off)',
  groups: [],
  scopes: [],
};
