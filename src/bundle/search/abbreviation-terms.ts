// A field's terms with learned abbreviations made symmetric: where a run says "e2e" the field also
// has its long form's terms (as an alternate of that word, making phrases with its neighbours: "end
// test" from "e2e testing"), and where a run says "end-to-end" it also has "e2e". Either way of
// asking then finds either way of writing — a folder named `e2e-testing` answers "end to end tests".
import type { Abbreviations } from './abbreviations.ts';
import type { Alternate, FieldTerms } from './fields.ts';

/** Learned abbreviations, indexed both ways for one pass over a field's terms. */
export interface AbbreviationMatcher {
  longForms: Abbreviations;
  /** First term of a long form → the long forms starting with it, with their abbreviation. */
  byFirstTerm: ReadonlyMap<
    string,
    ReadonlyArray<{ abbreviation: string; terms: readonly string[] }>
  >;
}

export function abbreviationMatcher(longForms: Abbreviations): AbbreviationMatcher {
  const byFirstTerm = new Map<string, { abbreviation: string; terms: readonly string[] }[]>();
  for (const [abbreviation, terms] of longForms) {
    const first = terms[0] as string;
    let list = byFirstTerm.get(first);
    if (list === undefined) byFirstTerm.set(first, (list = []));
    list.push({ abbreviation, terms });
  }
  return { longForms, byFirstTerm };
}

function startsAt(run: readonly string[], at: number, terms: readonly string[]): boolean {
  if (at + terms.length > run.length) return false;
  for (let i = 0; i < terms.length; i++) if (run[at + i] !== terms[i]) return false;
  return true;
}

/**
 * `runs` with, for each abbreviation or long form found in a run, its counterpart as an alternate
 * of that stretch. Unchanged when the matcher knows none of the field's terms.
 */
export function withAbbreviations(runs: FieldTerms, matcher: AbbreviationMatcher): FieldTerms {
  if (matcher.longForms.size === 0) return runs;
  const alternates: Alternate[] = [];
  const add = (run: readonly string[], from: number, to: number, terms: readonly string[]) => {
    const before = run[from - 1];
    const after = run[to];
    alternates.push({
      terms,
      ...(before === undefined ? {} : { before }),
      ...(after === undefined ? {} : { after }),
    });
  };
  for (const run of runs) {
    for (let i = 0; i < run.length; i++) {
      const term = run[i] as string;
      const longForm = matcher.longForms.get(term);
      if (longForm !== undefined) add(run, i, i + 1, longForm);
      for (const { abbreviation, terms } of matcher.byFirstTerm.get(term) ?? []) {
        if (startsAt(run, i, terms)) add(run, i, i + terms.length, [abbreviation]);
      }
    }
  }
  return alternates.length === 0 ? runs : Object.assign(runs.slice(), { alternates });
}
