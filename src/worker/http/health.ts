import type { Context } from 'hono';
import { MANIFEST_ONLY } from '../content/bundle-needs.ts';
import { currentBundle, type ContentEnv } from '../content/store.ts';

/**
 * `praxis dev` names each server it starts, so that its readiness check can tell its own server from
 * another program that answers on the same port (a port it was handed can be taken before wrangler
 * binds it). Never set in a deployed Worker.
 */
interface DevInstanceEnv {
  PRAXIS_DEV_INSTANCE?: string;
}

/**
 * 200 once a bundle is published and its manifest is readable and consistent; 503 (with the reason) before that. Anyone may ask,
 * so it says which version serves and nothing about the content: no counts, which would tell an
 * anonymous caller how many restricted documents exist (operators read them in `praxis versions`).
 */
export async function healthResponse(
  c: Context<{ Bindings: ContentEnv & DevInstanceEnv }>,
): Promise<Response> {
  if (c.env.PRAXIS_DEV_INSTANCE) c.header('praxis-dev-instance', c.env.PRAXIS_DEV_INSTANCE);
  const bundle = await currentBundle(c.env, Date.now(), MANIFEST_ONLY).catch(
    (error: Error) => error,
  );
  if (bundle instanceof Error)
    return c.json({ status: 'unavailable', reason: 'content store could not be read' }, 503);
  if (!bundle)
    return c.json(
      {
        status: 'no-content',
        reason: 'no bundle has been published yet (praxis dev / praxis publish)',
      },
      503,
    );
  const { version, commit, dirty, builtAt } = bundle.pointer;
  return c.json({ status: 'ok', version, commit, ...(dirty ? { dirty } : {}), builtAt });
}
