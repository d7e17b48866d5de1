// No regular expression in src/, scripts/ or bench/ can backtrack super-linearly. The checker is
// scslre (the analysis behind eslint-plugin-regexp's no-super-linear-backtracking and
// no-super-linear-move): static, pure JavaScript, a fraction of a second for every regex here. It
// finds both kinds that matter: backtracking inside one attempt (`^#\s+(.+?)\s*#*\s*$`, cubic on a
// run of spaces) and an attempt from every position of a run (`=+$`, `<[^>\n]+>`: quadratic).
import { RegExpParser } from '@eslint-community/regexpp';
import { analyse } from 'scslre';
import { describe, expect, it } from 'vitest';
import {
  regexesIn,
  regexesUnder,
  UNREADABLE,
  type RegexInSource,
} from '../../helpers/node/regex-literals.ts';

const ROOT = new URL('../../..', import.meta.url).pathname;
const parser = new RegExpParser();

/** What is wrong with the regex, or undefined when its matching time is linear. */
function superLinearity({ source, flags, unreadable }: RegexInSource): string | undefined {
  if (unreadable) return `cannot be checked: ${unreadable}`;
  const { reports } = analyse(parser.parseLiteral(`/${source}/${flags}`), {});
  if (reports.length === 0) return undefined;
  const problems = reports.map(
    (report) =>
      `${report.exponential ? 'exponential' : 'polynomial'} backtracking ` +
      `(${report.type}) on a run of ${report.character.literal.source}`,
  );
  return [...new Set(problems)].join('; ');
}

describe('regular expressions run in linear time', () => {
  it('every regex in src/, scripts/ and bench/', () => {
    const regexes = regexesUnder(ROOT, ['src', 'scripts', 'bench']);
    expect(regexes.length).toBeGreaterThan(150);
    const offenders = regexes.flatMap((regex) => {
      const problem = superLinearity(regex);
      return problem === undefined
        ? []
        : [`${regex.where} /${regex.source}/${regex.flags}: ${problem}`];
    });
    expect(offenders).toEqual([]);
  });

  it('the checker reports the patterns that were slow, and passes their linear replacements', () => {
    const verdicts = Object.fromEntries(
      [
        '^\\s{0,3}#{1,6}\\s+(.*?)\\s*#*\\s*$',
        '^##\\s+(.+?)\\s*#*\\s*$',
        '=+$',
        '\\s*\\|\\s*',
        '<[^>\\n]+>',
        '\\B(?=(\\d{3})+(?!\\d))',
        '(a+)+$',
        '(?<!=)=+$',
        '(?<!\\s)\\s*\\|\\s*|\\|\\s*',
        '^\\s{0,3}(```|~~~)',
      ].map((source) => [
        source,
        superLinearity({ where: '', source, flags: '' }) ? 'super-linear' : 'linear',
      ]),
    );
    expect(verdicts).toEqual({
      '^\\s{0,3}#{1,6}\\s+(.*?)\\s*#*\\s*$': 'super-linear',
      '^##\\s+(.+?)\\s*#*\\s*$': 'super-linear',
      '=+$': 'super-linear',
      '\\s*\\|\\s*': 'super-linear',
      '<[^>\\n]+>': 'super-linear',
      '\\B(?=(\\d{3})+(?!\\d))': 'super-linear',
      '(a+)+$': 'super-linear',
      '(?<!=)=+$': 'linear',
      '(?<!\\s)\\s*\\|\\s*|\\|\\s*': 'linear',
      '^\\s{0,3}(```|~~~)': 'linear',
    });
  });

  it('the collector finds literals, RegExp(…) and strings made regexes; flags what it cannot read', () => {
    const source = [
      'const a = /x+y/gi;',
      'const b = new RegExp(`^(?:${kind}):(.+)$`, "u");',
      'const c = RegExp("\\\\d+");',
      'const d = text.matchAll("a|b");',
      'const e = new RegExp(pattern);',
      'const f = "/not a regex/";',
    ].join('\n');
    expect(regexesIn('sample.ts', source, (line) => `sample.ts:${line}`)).toEqual([
      { where: 'sample.ts:1', source: 'x+y', flags: 'gi' },
      { where: 'sample.ts:2', source: '^(?:x):(.+)$', flags: 'u' },
      { where: 'sample.ts:3', source: '\\d+', flags: '' },
      { where: 'sample.ts:4', source: 'a|b', flags: '' },
      { where: 'sample.ts:5', source: 'new RegExp(pattern)', flags: '', unreadable: UNREADABLE },
    ]);
  });
});
