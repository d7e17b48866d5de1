// The insights D1 database with migrations/ applied (vitest.config.ts reads them), as `praxis dev`
// and `praxis deploy` apply them: the setup gives it to files in a folder named insights/; another
// file that needs it calls this first.
import { applyD1Migrations, env } from 'cloudflare:test';

export async function applyInsightsSchema(): Promise<void> {
  const { INSIGHTS, TEST_INSIGHTS_MIGRATIONS } = env as unknown as {
    INSIGHTS: D1Database;
    TEST_INSIGHTS_MIGRATIONS: Parameters<typeof applyD1Migrations>[1];
  };
  await applyD1Migrations(INSIGHTS, TEST_INSIGHTS_MIGRATIONS);
}
