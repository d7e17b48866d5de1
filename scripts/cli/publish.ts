import { buildBundle } from '../compile/stream/build-bundle.ts';
import { formatBuildError } from '../compile/errors.ts';
import { contentAuthor } from '../publish/author.ts';
import { progressBar, formatBytes } from '../publish/progress.ts';
import { publishBundle } from '../publish/publish.ts';
import { archiveLine, diffLines, outcomeLine, transferLine } from '../publish/report.ts';
import { withTarget } from '../publish/run-command.ts';
import { targetOptions, targetUsage } from '../publish/target.ts';
import { parseOptions } from './command.ts';

export const usage = `Usage: praxis publish [--content DIR] [--dry-run] [--local | --env NAME]

Builds DIR and uploads the objects the store does not have yet, then the version's complete archive
to the R2 bucket bound as ARCHIVE (what \`praxis versions\`, \`diff A B\` and \`rollback\` read), then
the version record, then flips the pointer — last, so the previous version keeps serving until the new one is complete. A publish
that fails or is interrupted changes nothing that is served; run it again to finish it.

Options:
  --content DIR   content folder (default: content)
  --dry-run       list the documents that would be added/changed/removed and the objects to upload; write nothing
  -h, --help      show this help

${targetUsage}

Remote publishing authenticates through wrangler: CLOUDFLARE_API_TOKEN (+ CLOUDFLARE_ACCOUNT_ID) or \`npx wrangler login\`.`;

export async function run(argv: string[]): Promise<number> {
  const { values } = parseOptions(argv, {
    content: { type: 'string', default: 'content' },
    'dry-run': { type: 'boolean', default: false },
    ...targetOptions,
  });
  const built = await buildBundle(values.content!);
  if (!built.ok) {
    for (const error of built.errors) console.error(formatBuildError(error));
    console.error(
      `\npraxis publish: content has ${built.errors.length} error(s); nothing was published.`,
    );
    return 1;
  }
  const { pointer, objects } = built.bundle;
  const bytes = [...objects.values()].reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  console.log(
    `built version ${pointer.version}: ${pointer.documentCount} documents, ${objects.size} objects (${formatBytes(bytes)})${pointer.commit ? ` from commit ${pointer.commit.slice(0, 12)}` : ''}`,
  );

  return withTarget('publish', values, async (store) => {
    console.log(`${values['dry-run'] ? 'comparing with' : 'publishing to'} ${store.description}`);
    const report = await publishBundle(built.bundle, store, {
      author: await contentAuthor(values.content!),
      dryRun: values['dry-run'],
      onUpload: progressBar('uploading'),
    });
    if (report.outcome !== 'unchanged') {
      for (const line of diffLines(report.diff)) console.log(line);
      console.log(transferLine(report));
      const archived = archiveLine(report, store.archive.description);
      if (archived) console.log(archived);
    }
    console.log(outcomeLine(report));
    if (report.outcome === 'published') {
      console.log(
        'Workers switch to it within PRAXIS_POINTER_TTL_MS of their last pointer read (wrangler.toml; on Cloudflare add up to 60 s of KV edge caching).',
      );
    }
    return 0;
  });
}
