// Configurations `praxis deploy` will not put on a public URL, each named with the setting to change.
import { AUTH_REQUIREMENTS, DEPLOYABLE_MODES, HTTPS_VARS } from './auth-requirements.ts';
import type { DeployConfig } from './deploy-config.ts';
import { insightsRefusals } from './insights-settings.ts';
import { ARCHIVE_BINDING } from '../publish/archive-binding.ts';

export function authMode(config: DeployConfig): string {
  return (config.vars.PRAXIS_AUTH_MODE ?? 'local').trim().toLowerCase();
}

export function refusals(config: DeployConfig): string[] {
  const problems: string[] = [];
  const where = `${config.path} [vars]`;
  const setMode = `set PRAXIS_AUTH_MODE to ${DEPLOYABLE_MODES.join(' or ')} in ${where}`;
  if (!config.name) problems.push(`${config.path} has no \`name\`: set the Worker's name`);
  const mode = authMode(config);
  const needs = AUTH_REQUIREMENTS[mode];
  if (!needs)
    return [
      ...problems,
      `PRAXIS_AUTH_MODE='${config.vars.PRAXIS_AUTH_MODE}' is not a known mode: ${setMode}`,
    ];
  if (needs.refused)
    problems.push(
      `PRAXIS_AUTH_MODE=${mode} is refused on a public URL (${needs.refused}): ${setMode}`,
    );
  for (const name of needs.vars) {
    const value = config.vars[name]?.trim();
    if (!value) problems.push(`PRAXIS_AUTH_MODE=${mode} needs ${name}: set it in ${where}`);
    else if (HTTPS_VARS.has(name) && !value.startsWith('https://'))
      problems.push(
        `${name}='${value}' must be an https:// URL on a public endpoint: change it in ${where}`,
      );
  }
  const bound = new Set(config.kvNamespaces.map((kv) => kv.binding));
  const required = [
    ['CONTENT', 'the Worker serves content'],
    ...needs.bindings.map((binding) => [binding, `PRAXIS_AUTH_MODE=${mode} needs it`]),
  ];
  for (const [binding, why] of required) {
    if (!bound.has(binding!))
      problems.push(
        `no KV namespace is bound as ${binding} (${why}): add [[kv_namespaces]] binding = "${binding}" to ${config.path}`,
      );
  }
  if (!config.r2Buckets.some((r2) => r2.binding === ARCHIVE_BINDING)) {
    problems.push(
      `no R2 bucket is bound as ${ARCHIVE_BINDING} (every published version is archived there; rollback reads it): add [[r2_buckets]] binding = "${ARCHIVE_BINDING}" with a bucket_name to ${config.path}`,
    );
  }
  problems.push(...insightsRefusals(config));
  return problems;
}
