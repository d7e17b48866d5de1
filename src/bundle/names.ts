// Name rules shared by the build and the Worker (the process-query contract's "Process Name Normalization").

/** "Code Review Process" → "code-review-process"; "Deploy & Release" → "deploy-release". */
export function normalizeName(raw: string): string {
  return (
    raw
      .toLowerCase()
      .replace(/[\s_]+/g, '-')
      .replace(/[^a-z0-9-]/g, '')
      .replace(/-{2,}/g, '-')
      // A trailing run is matched from its first dash only: `-+$` tried every dash of a long run.
      .replace(/^-+|(?<!-)-+$/g, '')
  );
}

/**
 * The name a document gets from its path inside its kind folder when front matter names none:
 * `code-reviews/recipes/python.md` → `code-reviews-recipes-python`, `code-reviews/README.md` →
 * `code-reviews`, and the kind folder's own `README.md` → `readme`.
 */
export function nameFromPath(relativePath: string): string {
  const segments = relativePath.replace(/\.md$/i, '').split('/');
  const last = segments.at(-1) ?? '';
  if (segments.length > 1 && last.toLowerCase() === 'readme') segments.pop();
  return normalizeName(segments.join('-'));
}
