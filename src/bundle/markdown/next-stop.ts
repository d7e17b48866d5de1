// The next position holding one of a set of characters, for scanners that ask with positions that
// never decrease: each character of the text is looked at once however many times they ask. A
// regex such as `\[[^\]]*\]` asked the same question afresh from every `[`, quadratic on `[[[[…`.

/** A finder of the first position at or after `from` whose character is in `stops` (text.length if none). */
export function nextStopFinder(text: string, stops: string): (from: number) => number {
  let searchedFrom = Number.POSITIVE_INFINITY;
  let found = -1;
  return (from) => {
    // Nothing in [searchedFrom, found) is a stop, so `found` answers any `from` in between.
    if (from >= searchedFrom && from <= found) return found;
    let at = from;
    while (at < text.length && !stops.includes(text[at]!)) at++;
    searchedFrom = from;
    found = at;
    return found;
  };
}
