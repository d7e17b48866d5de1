// The linear-time parsers give exactly what the regexes they replaced gave. The old regexes live
// here only, as the reference; they run on short random strings, where their cost does not matter.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstParagraph as knowledgeFirstParagraph } from '../../../scripts/compile/knowledge/files.ts';
import { wikiLinksAsText } from '../../../scripts/compile/knowledge/wiki-link-text.ts';
import { deployedUrl } from '../../../scripts/deploy/wrangler-calls.ts';
import { normalizeName } from '../../../src/bundle/names.ts';
import {
  ANY_HEADING,
  atxHeadingText,
  SECTION_HEADING,
  TITLE_HEADING,
} from '../../../src/bundle/markdown/atx-heading.ts';
import { sectionHeadings } from '../../../src/worker/content/context/channels.ts';
import { wikiLinks } from '../../../src/bundle/graph/ids.ts';
import {
  inlineLinksAsLabels,
  referenceLinksAsLabels,
  tagsAsSpaces,
  withoutReferenceDefinition,
} from '../../../src/bundle/markdown/inline-syntax.ts';
import { classifyLines, stripInline } from '../../../src/bundle/search/markdown.ts';
import { groupedBytes } from '../../../src/bundle/templates/text-formats.ts';

const OLD = {
  anyHeading: /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/,
  sectionHeading: /^##\s+(.+?)\s*#*\s*$/gm,
  titleHeading: /^#\s+(.+?)\s*#*\s*$/m,
  inlineLink: /!?\[([^\]]*)\]\([^)]*\)/g,
  inlineLinkWithoutImage: /\[([^\]]*)\]\([^)]*\)/g,
  referenceLink: /!?\[([^\]]*)\]\[[^\]]*\]/g,
  referenceDefinition: /^\s*\[[^\]]+\]:\s*\S+.*$/g,
  tag: /<[^>\n]+>/g,
  tableBar: /\s*\|\s*/g,
  wikiLink: /\[\[([^\]|\n]+)(?:\|[^\]\n]*)?\]\](?!\()/g,
  wikiLinkText: /\[\[([^\]|]*)(?:\|([^\]]*))?\]\]/g,
  lastWord: /\s+\S*$/,
  edgeDashes: /^-+|-+$/g,
  trailingSlashes: /\/+$/,
  trailingPadding: /=+$/,
  thousands: /\B(?=(\d{3})+(?!\d))/g,
};

const oldStripInline = (text: string): string =>
  text
    .replace(OLD.inlineLink, '$1')
    .replace(OLD.referenceLink, '$1')
    .replace(OLD.referenceDefinition, '')
    .replace(OLD.tag, ' ')
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(/[*_`~]+/g, '')
    .replace(/^\s*(?:[-+*>|]|\d+[.)])\s+/g, '')
    .replace(OLD.tableBar, ' ')
    .replace(/\s+/g, ' ')
    .trim();

// Every character the patterns treat specially, each kind of whitespace and line terminator
// (`\s` and `.` disagree on \r, \u2028 and \u2029), and plain text.
const ALPHABET = [
  ' ',
  ' ',
  '\t',
  '\n',
  '\r',
  '\u2028',
  '\u00a0',
  '\v',
  '#',
  '#',
  '[',
  ']',
  '(',
  ')',
  '|',
  '<',
  '>',
  '!',
  ':',
  '-',
  '/',
  '=',
  '*',
  '_',
  '`',
  'a',
  'b',
  'x',
  '1',
  '2',
  'é',
  '𝑥',
];
const text = (maxLength = 24): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...ALPHABET), { maxLength }).map((chars) => chars.join(''));
/** Lines as the parsers see them: `#`-led, with the whitespace and closing runs that made the old regexes slow. */
const headingLine: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('', ' ', '  ', '   ', '    ', '\t', '\r'),
    fc.constantFrom('#', '##', '###', '######', '#######', ''),
    text(12),
  )
  .map(([indent, hashes, rest]) => indent + hashes + rest);
const RUNS = { numRuns: 3000 };

describe('headings read in one pass answer as the regexes did', () => {
  it('any level (search fields, snippets): classifyLines', () => {
    fc.assert(
      fc.property(fc.oneof(headingLine, text()), (line) => {
        const old = OLD.anyHeading.exec(line);
        expect(atxHeadingText(line, ANY_HEADING)).toBe(old ? (old[1] ?? '') : undefined);
      }),
      RUNS,
    );
  });

  it('`## ` sections (career context), on one line', () => {
    fc.assert(
      fc.property(fc.oneof(headingLine, text()), (line) => {
        const single = line.replace(/[\n\r\u2028\u2029]/g, '');
        expect(sectionHeadings(single)).toEqual(
          [...single.matchAll(OLD.sectionHeading)].map((match) => match[1]),
        );
        expect(atxHeadingText(single, SECTION_HEADING)).toBe(
          [...single.matchAll(OLD.sectionHeading)][0]?.[1],
        );
      }),
      RUNS,
    );
  });

  it('`# ` titles (build), on one line', () => {
    fc.assert(
      fc.property(fc.oneof(headingLine, text()), (line) => {
        const single = line.replace(/[\n\r\u2028\u2029]/g, '');
        expect(atxHeadingText(single, TITLE_HEADING)).toBe(OLD.titleHeading.exec(single)?.[1]);
      }),
      RUNS,
    );
  });

  it('a heading is one line: text on the next line is not its text (the `m` regexes let `\\s` cross lines)', () => {
    expect([...'##\n\nSummary'.matchAll(OLD.sectionHeading)].map((match) => match[1])).toEqual([
      'Summary',
    ]);
    expect(sectionHeadings('##\n\nSummary')).toEqual([]);
    expect(sectionHeadings('## Summary\n\n## Experience ##\r## Skills')).toEqual([
      'Summary',
      'Experience',
      'Skills',
    ]);
    const kinds = classifyLines('#\tTitle  ##\n  ## Sub\n    # code').map((line) => line.kind);
    expect(kinds).toEqual(['heading', 'heading', 'prose']);
  });
});

describe('inline syntax rewritten in one pass answers as the regexes did', () => {
  it.each([
    [
      'inline links and images',
      (t: string) => inlineLinksAsLabels(t, { imageMark: true }),
      (t: string) => t.replace(OLD.inlineLink, '$1'),
    ],
    [
      'inline links (build descriptions)',
      (t: string) => inlineLinksAsLabels(t, { imageMark: false }),
      (t: string) => t.replace(OLD.inlineLinkWithoutImage, '$1'),
    ],
    ['reference links', referenceLinksAsLabels, (t: string) => t.replace(OLD.referenceLink, '$1')],
    [
      'a reference definition',
      withoutReferenceDefinition,
      (t: string) => t.replace(OLD.referenceDefinition, ''),
    ],
    ['HTML tags', tagsAsSpaces, (t: string) => t.replace(OLD.tag, ' ')],
    ['all of stripInline (table bars too)', stripInline, oldStripInline],
    [
      'wiki links as text (build descriptions)',
      wikiLinksAsText,
      (t: string) =>
        t.replace(OLD.wikiLinkText, (_whole, id: string, label?: string) => label ?? id),
    ],
  ])('%s', (_what, fresh, old) => {
    fc.assert(
      fc.property(text(32), (t) => {
        expect(fresh(t)).toBe(old(t));
      }),
      RUNS,
    );
  });

  it('wiki link ids with their lines (graph, career context)', () => {
    fc.assert(
      fc.property(text(40), (t) => {
        const old = t.split('\n').flatMap((line, index) =>
          [...line.matchAll(OLD.wikiLink)].map((match) => ({
            id: match[1]!.trim(),
            line: index + 1,
          })),
        );
        expect(wikiLinks(t)).toEqual(old);
      }),
      RUNS,
    );
  });

  it('a knowledge description cut to 200 characters drops the same partial word', () => {
    const words = fc.array(fc.constantFrom('word', 'a', ' ', '\u00a0', 'x'), {
      minLength: 150,
      maxLength: 260,
    });
    fc.assert(
      fc.property(words, (parts) => {
        const paragraph = parts.join('');
        const flat = paragraph.replace(/\s+/g, ' ').trim();
        const expected =
          flat.length <= 200 ? flat : `${flat.slice(0, 200).replace(OLD.lastWord, '')}…`;
        expect(knowledgeFirstParagraph(paragraph)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});

describe('small rewrites answer as before', () => {
  it('names: leading and trailing dashes', () => {
    fc.assert(
      fc.property(text(), (t) => {
        const old = t
          .toLowerCase()
          .replace(/[\s_]+/g, '-')
          .replace(/[^a-z0-9-]/g, '')
          .replace(/-{2,}/g, '-')
          .replace(OLD.edgeDashes, '');
        expect(normalizeName(t)).toBe(old);
      }),
      RUNS,
    );
  });

  it('trailing `/` and `=` runs', () => {
    fc.assert(
      fc.property(text(), (t) => {
        expect(t.replace(/(?<!\/)\/+$/, '')).toBe(t.replace(OLD.trailingSlashes, ''));
        const output = `Deployed https://praxis.example.workers.dev${t.replace(/[\s"'()]/g, '')}\n`;
        expect(deployedUrl(output)).toBe(
          output.match(/\bhttps?:\/\/[^\s"'()]+/)![0].replace(OLD.trailingSlashes, ''),
        );
        expect(t.replace(/(?<!=)=+$/, '')).toBe(t.replace(OLD.trailingPadding, ''));
        expect(t.replace(/(?<!\s)\s+\S*$/, '')).toBe(t.replace(OLD.lastWord, ''));
      }),
      RUNS,
    );
  });

  it('grouped byte counts', () => {
    fc.assert(
      fc.property(fc.oneof(fc.nat(), fc.maxSafeNat()), (bytes) => {
        expect(groupedBytes(bytes)).toBe(String(bytes).replace(OLD.thousands, ','));
      }),
      RUNS,
    );
  });
});
