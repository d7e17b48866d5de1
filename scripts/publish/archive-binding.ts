// The archive bucket's binding name and the message when wrangler.toml lacks it: a module of its own,
// without wrangler, so the commands that only name it (praxis dev, the local store, deploy's checks)
// do not load wrangler's bundle (~2 s of CPU) to do so.

/** The binding the Worker's wrangler.toml gives the archive bucket. */
export const ARCHIVE_BINDING = 'ARCHIVE';

export const missingArchiveBinding = (env?: string): string =>
  `wrangler.toml${env ? ` [env.${env}]` : ''} binds no R2 bucket as ${ARCHIVE_BINDING}, where every published version is archived: add [[${env ? `env.${env}.` : ''}r2_buckets]] with binding = "${ARCHIVE_BINDING}" and a bucket_name (\`praxis deploy\` creates the bucket)`;
