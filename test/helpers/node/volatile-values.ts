// Pages that show real output (docs/deploy.md's dry runs, docs/tools.md's answers) are compared with
// a fresh run of the program. What every commit, build or request moves is left out of that
// comparison: each such value is replaced, on both sides, by a placeholder naming it. The pages keep
// the real values of the run that produced them.

const VOLATILE: ReadonlyArray<readonly [RegExp, string]> = [
  // The Worker bundle's size, as wrangler prints it.
  [/Total Upload: [\d.]+ KiB \/ gzip: [\d.]+ KiB/g, 'Total Upload: <size> / gzip: <size>'],
  // The content version: `version 134c189e7fc7`, `"version": "134c189e7fc7"`, `0.1.0+134c189e7fc7`.
  [/\b(version"?:? "?)[0-9a-f]{12}\b/g, '$1<version>'],
  [/(\d\+)[0-9a-f]{12}\b/g, '$1<version>'],
  // The git commit a version was built from.
  [/\b[0-9a-f]{40}\b/g, '<commit>'],
  // A document's last change date moves with every commit to it, and whether it is stale with the
  // day the answer was asked (docs/insights.md, Freshness).
  [/("last_changed": ?")\d{4}-\d{2}-\d{2}"/g, '$1<date>"'],
  [/("stale": ?)(?:true|false)\b/g, '$1<stale>'],
  // Paging cursors: signed, and bound to the content version.
  [/("(?:next_cursor|nextCursor|cursor)": ?")[^"]+"/g, '$1<cursor>"'],
];

/** `text` with every value that changes from one commit, build or run to the next replaced by a placeholder. */
export function maskVolatile(text: string): string {
  return VOLATILE.reduce(
    (masked, [pattern, placeholder]) => masked.replace(pattern, placeholder),
    text,
  );
}
