// Who may act on insights: members of the authors group (PRAXIS_AUTHORS_GROUP, default
// praxis-authors), as the caller's token says. A development token's groups count only in auth mode
// local (src/worker/auth/authenticate.ts), so a deployment's local secret cannot make an author.
import type { Principal } from '../auth/principal.ts';
import { authorsGroup, type InsightsEnv } from './settings.ts';

export const isAuthor = (principal: Principal, env: InsightsEnv): boolean =>
  principal.groups.includes(authorsGroup(env));
