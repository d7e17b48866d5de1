import type { Context } from 'hono';
import type { BundleNeeds } from '../content/bundle-needs.ts';
import { currentBundle, type ContentEnv } from '../content/store.ts';

/** The manifest alone: that the current version is there and whole, without loading its content into the isolate. */
const MANIFEST_ONLY: BundleNeeds = { knowledge: false, names: [], indexes: [], searches: [] };

/**
 * 200 once a bundle is published and its manifest is readable and consistent; 503 (with the reason) before that. Anyone may ask,
 * so it says which version serves and nothing about the content: no counts, which would tell an
 * anonymous caller how many restricted documents exist (operators read them in `praxis versions`).
 */
export async function healthResponse(c: Context<{ Bindings: ContentEnv }>): Promise<Response> {
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
