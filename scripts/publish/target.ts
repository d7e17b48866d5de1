// Which store a command talks to, from the options every publishing command shares.
import { UsageError } from '../cli/command.ts';
import { LOCAL_STATE_DIR } from '../dev/paths.ts';
import { openLocalStore } from './local-store.ts';
import type { ContentStore } from './store.ts';
import { openWranglerStore } from './wrangler-store.ts';

export const targetOptions = {
  local: { type: 'boolean', default: false },
  'persist-to': { type: 'string' },
  env: { type: 'string' },
  'namespace-id': { type: 'string' },
  bucket: { type: 'string' },
} as const;

export const targetUsage = `Target (default: the KV namespace bound as CONTENT and the R2 bucket bound as ARCHIVE in wrangler.toml, on Cloudflare):
  --local             wrangler's local state instead (.wrangler/state, what \`praxis dev\` serves)
  --persist-to DIR    local state directory (with --local; default .wrangler/state or PRAXIS_STATE_DIR)
  --env NAME          use [env.NAME] of wrangler.toml (its CONTENT namespace)
  --namespace-id ID   a namespace id instead of the one wrangler.toml binds (remote only)
  --bucket NAME       the R2 bucket archiving every version, instead of the one bound as ARCHIVE (remote only)`;

export interface TargetValues {
  local?: boolean;
  'persist-to'?: string;
  env?: string;
  'namespace-id'?: string;
  bucket?: string;
}

export async function openTarget(values: TargetValues): Promise<ContentStore> {
  if (values.local && values['namespace-id'])
    throw new UsageError(
      '--namespace-id names a remote namespace; it cannot be combined with --local',
    );
  if (values.local && values.bucket)
    throw new UsageError('--bucket names a remote bucket; it cannot be combined with --local');
  if (!values.local && values['persist-to'])
    throw new UsageError('--persist-to is for local state; add --local');
  if (values.local)
    return openLocalStore({ persistTo: values['persist-to'] ?? LOCAL_STATE_DIR, env: values.env });
  return openWranglerStore({
    mode: 'remote',
    env: values.env,
    namespaceId: values['namespace-id'],
    bucket: values.bucket,
  });
}
