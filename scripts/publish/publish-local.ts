// `praxis dev`'s loading step: a publish into wrangler's local state, incremental like any other.
import type { Bundle } from '../compile/assemble.ts';
import { contentAuthor } from './author.ts';
import { openLocalStore } from './local-store.ts';
import { progressBar } from './progress.ts';
import { publishBundle, type PublishReport } from './publish.ts';

export async function publishLocally(
  bundle: Bundle,
  options: { persistTo: string; contentDir: string },
): Promise<PublishReport> {
  const store = await openLocalStore({ persistTo: options.persistTo });
  try {
    return await publishBundle(bundle, store, {
      author: await contentAuthor(options.contentDir),
      onUpload: progressBar('uploading'),
    });
  } finally {
    await store.close();
  }
}
