// What `praxis deploy` does for insights (docs/insights.md): with PRAXIS_INSIGHTS = "on" the Worker
// needs the INSIGHTS D1 database and the PRAXIS_INSIGHTS_KEY secret, which is generated once (a
// random key nobody needs to know) and kept by every later deploy, so caller ids stay stable.
import type { DeployConfig } from './deploy-config.ts';

export const INSIGHTS_BINDING = 'INSIGHTS';
export const INSIGHTS_KEY = 'PRAXIS_INSIGHTS_KEY';
const DEFAULT_DAYS = '90';

const setting = (config: DeployConfig): string =>
  (config.vars.PRAXIS_INSIGHTS ?? 'off').trim().toLowerCase();

export const insightsOn = (config: DeployConfig): boolean => setting(config) === 'on';

/** The secrets insights add to the deploy's, and which of them are generated. */
export function insightsSecrets(config: DeployConfig): { secrets: string[]; generated: string[] } {
  return insightsOn(config)
    ? { secrets: [INSIGHTS_KEY], generated: [INSIGHTS_KEY] }
    : { secrets: [], generated: [] };
}

/** What the first step says about insights. */
export function insightsLine(config: DeployConfig): string {
  if (!insightsOn(config))
    return `insights off: no usage events are written (PRAXIS_INSIGHTS = "on" in ${config.path} turns them on)`;
  const days = config.vars.PRAXIS_INSIGHTS_DAYS?.trim() || DEFAULT_DAYS;
  return `insights on: one usage event per tool call in D1 ${INSIGHTS_BINDING}, pseudonymous caller, kept ${days} days (PRAXIS_INSIGHTS = "off" in ${config.path} turns them off)`;
}

/** Insights settings a deploy refuses, each naming what to change. */
export function insightsRefusals(config: DeployConfig): string[] {
  const value = setting(config);
  const where = `${config.path} [vars]`;
  if (value !== 'on' && value !== 'off')
    return [
      `PRAXIS_INSIGHTS='${config.vars.PRAXIS_INSIGHTS}' must be on or off: change it in ${where}`,
    ];
  const problems: string[] = [];
  const days = config.vars.PRAXIS_INSIGHTS_DAYS;
  if (days !== undefined && !/^\d{1,4}$/.test(days.trim()))
    problems.push(
      `PRAXIS_INSIGHTS_DAYS='${days}' must be a whole number of days: change it in ${where}`,
    );
  if (value === 'on' && !config.d1Databases.some((d1) => d1.binding === INSIGHTS_BINDING))
    problems.push(
      `no D1 database is bound as ${INSIGHTS_BINDING} (PRAXIS_INSIGHTS=on writes usage events there): add [[d1_databases]] binding = "${INSIGHTS_BINDING}" with migrations_dir = "migrations" to ${config.path}, or set PRAXIS_INSIGHTS = "off"`,
    );
  return problems;
}
