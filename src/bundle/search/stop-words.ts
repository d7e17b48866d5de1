// Words that carry no topic in natural-language questions ("how do I …", "what is the …") or in
// prose. Matched on the lowercased word before stemming. "why" is deliberately absent: handbooks
// title pages "Why X", so it discriminates.
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all am an and any are aren arent as at be because been before
  being below between both but by can cannot could couldn did didn didnt do does doesn doesnt doing
  don dont down during each etc eg few for from further get gets got had has hasn have haven having
  he her here hers herself him himself his how i ie if in into is isn isnt it its itself just let
  lets me might more most must my myself no nor not now of off on once only or other ought our ours
  ourselves out over own please same shall she should shouldn so some such than that thats the
  their theirs them themselves then there these they this those through thus to too under until up
  upon us very via was wasn we were weren what whats when where which while who whom whose will
  with within without won would wouldn you your yours yourself yourselves
  also like want need way ways use used using`
    .split(/\s+/)
    .filter(Boolean),
);
