// Every parser that reads content or caller input does work linear in its input. Each one is fed long
// runs of every kind of character (whitespace, Markdown syntax, letters, digits, punctuation,
// non-ASCII, multi-character tokens), alone and after each piece of syntax that gives those runs a
// meaning to it, as one long line and as many lines; its CPU at size 2n over its CPU at size n must
// stay below 3 (linear work gives 2, quadratic 4, cubic 8). A ratio in one run, never a time limit.
import { describe, expect, it } from 'vitest';
import { firstHeading, firstParagraph } from '../../../scripts/compile/knowledge/files.ts';
import { parsePowerTemplate } from '../../../scripts/compile/knowledge/power-format.ts';
import { splitFrontMatter } from '../../../scripts/compile/front-matter.ts';
import { parseDocumentFile } from '../../../scripts/compile/parse-document.ts';
import { contentWarnings } from '../../../scripts/compile/text-checks.ts';
import { deployedUrl } from '../../../scripts/deploy/wrangler-calls.ts';
import { normalizeName } from '../../../src/bundle/names.ts';
import { rankCompletions } from '../../../src/worker/content/completion.ts';
import { sectionHeadings } from '../../../src/worker/content/context/channels.ts';
import { validateContext } from '../../../src/worker/content/context/validate.ts';
import { wikiLinks } from '../../../src/bundle/graph/ids.ts';
import { parseEmbed } from '../../../src/bundle/prompts/embeds.ts';
import { parsePromptBody } from '../../../src/bundle/prompts/render.ts';
import {
  bodyTextOf,
  classifyLines,
  headingsOf,
  plainInline,
  stripInline,
} from '../../../src/bundle/search/markdown.ts';
import { analyseQuery } from '../../../src/worker/content/search/query-terms.ts';
import { snippet } from '../../../src/worker/content/search/snippet.ts';
import { exactTerms, tokenize, wordsWithTermsIn } from '../../../src/bundle/search/tokenize.ts';
import { fillPlaceholders } from '../../../src/bundle/templates/text-formats.ts';
import { superLinearDoubling } from '../../helpers/node/work-doubling.ts';

/** Single characters of every class, and tokens whose repetition is syntax. */
const UNITS = [
  ' ',
  '\t',
  '\u00a0',
  '\r',
  '\n',
  '#',
  '-',
  '*',
  '_',
  '`',
  '[',
  ']',
  '(',
  ')',
  '|',
  '>',
  '<',
  '!',
  '{',
  '=',
  '/',
  ':',
  '.',
  "'",
  'a',
  '7',
  'é',
  '😀',
  '\u202e',
  '{{a}}',
  '[a](b)',
  '[[a|b]]',
  '<a>',
  '## a ##',
  'https://a ',
  '2021 - 2022 ',
];

const HEADINGS = ['# a', '## a', '   ###### a'];
const INLINE = ['[', '![', '[a](', '[a][', '[a]: ', '<', '[[', '[[a|', 'a |'];

interface Parser {
  name: string;
  parse: (text: string) => unknown;
  /** What may come before a run: the syntax that gives it a meaning to this parser ('' always added). */
  contexts: string[];
  /** A distinct input per call, for parsers that keep answers per input. */
  fresh?: (text: string, run: number) => string;
}

const today = new Date('2026-01-01T00:00:00Z');
const wanted = analyseQuery('code review deploy c# a7 é').termSet;
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const distinctLine = (text: string, run: number): string => `run${run}\n\n${text}`;

const PARSERS: Parser[] = [
  {
    name: 'Markdown line classes (headings, fences)',
    parse: classifyLines,
    contexts: [...HEADINGS, '```', '    #'],
  },
  {
    name: 'Markdown headings (search field)',
    parse: headingsOf,
    contexts: [...HEADINGS, '[', '<', '[a]: '],
  },
  { name: 'Markdown body text (search field)', parse: bodyTextOf, contexts: INLINE },
  { name: 'inline Markdown stripped', parse: stripInline, contexts: [...INLINE, '- ', '1. '] },
  { name: 'inline Markdown, with its shortcut', parse: plainInline, contexts: INLINE },
  { name: 'career-context sections', parse: sectionHeadings, contexts: HEADINGS },
  {
    name: 'career-context validation (sections, links, dates)',
    parse: (body) => validateContext({ body, recordIds: new Set(['a']), today }),
    contexts: ['## a', '[[', 'vitaegraph://record/', '2021 - '],
  },
  { name: 'wiki links', parse: wikiLinks, contexts: ['[[', '[[a|'] },
  { name: 'tokenizer', parse: tokenize, contexts: ["a'"] },
  { name: 'exact terms', parse: exactTerms, contexts: [] },
  {
    name: 'words matching query terms',
    parse: (text) => wordsWithTermsIn(text, wanted),
    contexts: ['review', 'c'],
  },
  {
    name: 'query terms',
    parse: analyseQuery,
    contexts: [],
    fresh: (text, run) => `${run} ${text}`,
  },
  {
    name: 'snippet',
    parse: (body) => snippet(body, analyseQuery('code review')),
    contexts: ['# a', '[a](', '<', 'a |'],
    fresh: distinctLine,
  },
  { name: 'document names', parse: normalizeName, contexts: ['-', 'a'] },
  {
    name: 'front matter',
    parse: (text) => splitFrontMatter(`---\n${text}\n---\nbody\n`),
    contexts: ['description: ', 'tags: ', '---'],
  },
  {
    name: 'a whole document (front matter, title, description, content checks)',
    parse: (text) =>
      parseDocumentFile('processes', 'a.md', utf8(`---\ndescription: d\n---\n${text}\n`), 'a.md'),
    contexts: ['# a', '[a](', 'ignore '],
  },
  { name: 'knowledge titles', parse: firstHeading, contexts: HEADINGS },
  { name: 'knowledge descriptions', parse: firstParagraph, contexts: ['[[', '[[a|', '[a]('] },
  {
    name: 'content warnings',
    parse: (text) => contentWarnings(text, 'a.md', 1),
    contexts: ['<', 'ignore ', 'on', 'you '],
  },
  { name: 'prompt bodies', parse: parsePromptBody, contexts: ['{{', '{{#', '{{ a'] },
  {
    name: 'prompt embeds',
    parse: parseEmbed,
    contexts: ['checklist:', 'vitaegraph://record/', 'checklist:{{'],
  },
  {
    name: 'template placeholders',
    parse: (text) => fillPlaceholders(text, { a: 'b' }),
    contexts: ['{{', '{{a_'],
  },
  {
    name: 'POWER templates',
    parse: parsePowerTemplate,
    contexts: ['framework: POWER\n', 'examples:\n', 'purpose: '],
  },
  {
    name: 'completions (typed text)',
    parse: (typed) => rankCompletions(['code-review', 'a b'], typed),
    contexts: [],
  },
  {
    name: 'completions (candidate values)',
    parse: (value) => rankCompletions([value, 'x'], 'a'),
    contexts: ['a-'],
  },
  {
    name: 'deployed URL in wrangler output',
    parse: deployedUrl,
    contexts: ['https://a.workers.dev/'],
  },
];

/** One long line after the context; without a context, also many short lines. */
function inputsOf(
  context: string,
  unit: string,
): Array<{ shape: string; input: (n: number) => string }> {
  const oneRun = { shape: 'one line', input: (n: number) => `${context}${unit.repeat(n)}b` };
  if (context !== '') return [oneRun];
  return [
    oneRun,
    { shape: 'lines', input: (n: number) => `${unit.repeat(8)}b\n`.repeat(Math.max(1, n >> 3)) },
  ];
}

describe('every parser that meets content or input does linear work', () => {
  for (const parser of PARSERS) {
    it(parser.name, () => {
      const superLinear: string[] = [];
      const fresh = parser.fresh ?? ((text: string) => text);
      for (const context of ['', ...parser.contexts]) {
        for (const unit of UNITS) {
          for (const { shape, input } of inputsOf(context, unit)) {
            const found = superLinearDoubling((n, run) => fresh(input(n), run), parser.parse);
            if (found) {
              superLinear.push(
                `${JSON.stringify(context)} + ${JSON.stringify(unit)} × n (${shape}): ` +
                  `n=${found.n}, ${found.small} µs → ${found.large} µs at 2n, ratio ${found.ratio.toFixed(1)}`,
              );
            }
          }
        }
      }
      expect(superLinear).toEqual([]);
    });
  }
});
