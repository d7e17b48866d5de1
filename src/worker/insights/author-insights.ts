// The insights database an author's requests may read the report from: only for a person in the
// authors group (authors.ts), and only where insights storage is configured (a database and a key,
// whether or not new events are written). Everyone else gets nothing, so nothing is offered to them.
import type { Principal } from '../auth/principal.ts';
import { isAuthor } from './authors.ts';
import { insightsStore, type InsightsEnv } from './settings.ts';

export function authorInsightsDb(env: InsightsEnv, principal: Principal): D1Database | undefined {
  if (principal.via === 'off' || !isAuthor(principal, env)) return undefined;
  const store = insightsStore(env);
  return store.ok ? store.db : undefined;
}
