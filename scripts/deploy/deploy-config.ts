// wrangler.toml as `praxis deploy` sees it: read by wrangler's own parser, reduced to the Worker's
// name, its vars, and every KV namespace, R2 bucket and D1 database it binds — whatever other
// features declare.
import { experimental_readRawConfig } from 'wrangler';

export interface KvBinding {
  binding: string;
  id?: string;
}
export interface R2Binding {
  binding: string;
  bucket_name?: string;
}

export interface D1Binding {
  binding: string;
  database_name?: string;
  database_id?: string;
}

export interface DeployConfig {
  path: string;
  name: string;
  vars: Record<string, string>;
  kvNamespaces: KvBinding[];
  r2Buckets: R2Binding[];
  d1Databases: D1Binding[];
  /** The parsed file, untouched, for the generated deploy config. */
  raw: Record<string, unknown>;
}

export function readDeployConfig(path: string): DeployConfig {
  const { rawConfig } = experimental_readRawConfig({ config: path });
  const raw = rawConfig as Record<string, unknown>;
  const vars = Object.fromEntries(
    Object.entries((raw.vars ?? {}) as Record<string, unknown>).map(([key, value]) => [
      key,
      String(value),
    ]),
  );
  return {
    path,
    name: String(raw.name ?? ''),
    vars,
    kvNamespaces: ((raw.kv_namespaces ?? []) as KvBinding[]).map(({ binding, id }) => ({
      binding,
      id,
    })),
    r2Buckets: ((raw.r2_buckets ?? []) as R2Binding[]).map(({ binding, bucket_name }) => ({
      binding,
      bucket_name,
    })),
    d1Databases: ((raw.d1_databases ?? []) as D1Binding[]).map(
      ({ binding, database_name, database_id }) => ({ binding, database_name, database_id }),
    ),
    raw,
  };
}

/**
 * An id wrangler.toml ships with (one digit repeated — 000…, 111…, distinct so that local runs keep
 * each namespace apart —, `<…>`, empty): one `praxis deploy` must create or look up.
 */
export function isPlaceholder(value: string | undefined): boolean {
  return (
    !value || /^([0-9a-f])\1*$/i.test(value) || /[<>]/.test(value) || /placeholder/i.test(value)
  );
}

/** The name a created resource gets: the Worker's name and the binding, e.g. praxis-content, praxis-oauth-kv, praxis-insights. */
export function resourceName(workerName: string, binding: string): string {
  return `${workerName}-${binding.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}
