// Completion values: prefix match, ranked (exact, then whole-value prefix with shorter first, then a
// prefix of a later word such as `review` in `code-review`), ties alphabetical. The SDK caps the
// answer at 100 values and sets `hasMore`.

export function rankCompletions(candidates: Iterable<string>, typed: string): string[] {
  const wanted = typed.trim().toLowerCase();
  if (!wanted) return [...new Set(candidates)].sort(alphabetical);
  const scored: Array<{ value: string; rank: number }> = [];
  for (const value of new Set(candidates)) {
    const rank = completionRank(value.toLowerCase(), wanted);
    if (rank !== undefined) scored.push({ value, rank });
  }
  return scored
    .sort(
      (a, b) =>
        a.rank - b.rank || a.value.length - b.value.length || alphabetical(a.value, b.value),
    )
    .map(({ value }) => value);
}

function completionRank(value: string, wanted: string): number | undefined {
  if (value === wanted) return 0;
  if (value.startsWith(wanted)) return 1;
  if (
    value
      .split(/[-_\s./:]+/)
      .slice(1)
      .some((word) => word.startsWith(wanted))
  )
    return 2;
  return undefined;
}

const alphabetical = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
