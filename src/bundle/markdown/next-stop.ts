// The next position holding one of a set of characters, for scanners that ask with positions that
// never decrease: each character of the text is looked at once however many times they ask. A
// regex such as `\[[^\]]*\]` asked the same question afresh from every `[`, quadratic on `[[[[…`.

/** A finder of the first position at or after `from` whose character is in `stops` (text.length if none). */
export function nextStopFinder(text: string, stops: string): (from: number) => number {
  // Per stop character, its first position at or after the last `from` asked (text.length if none):
  // found with indexOf, so a scan runs at the engine's speed, not a character per loop turn.
  const next = [...stops].map(() => -1);
  let lastFrom = 0;
  return (from) => {
    if (from < lastFrom) next.fill(-1);
    lastFrom = from;
    let first = text.length;
    for (let stop = 0; stop < next.length; stop++) {
      if (next[stop]! < from) {
        const at = text.indexOf(stops[stop]!, from);
        next[stop] = at < 0 ? text.length : at;
      }
      if (next[stop]! < first) first = next[stop]!;
    }
    return first;
  };
}
