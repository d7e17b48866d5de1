// validate_career_context: required sections, references to graph records, and dates.
import { wikiLinks } from '../../../bundle/graph/ids.ts';
import { sectionHeadings } from './channels.ts';

export const REQUIRED_SECTIONS = ['Summary', 'Experience', 'Skills'];
export const RECOMMENDED_SECTIONS = ['Projects', 'Education', 'Links'];
const STALE_AFTER_DAYS = 365;
const EARLIEST_YEAR = 1950;

export interface Issue {
  code: string;
  message: string;
  line?: number;
}

export interface ValidationReport {
  valid: boolean;
  errors: Issue[];
  warnings: Issue[];
  checked: { sections: string[]; references: number; dates: number };
}

export interface ValidationInput {
  body: string;
  updated?: string;
  /** Graph ids the caller may see: a reference to anything else is dangling for them. */
  recordIds: ReadonlySet<string>;
  today: Date;
}

export function validateContext({
  body,
  updated,
  recordIds,
  today,
}: ValidationInput): ValidationReport {
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const headings = sectionHeadings(body);
  const present = new Set(headings.map((heading) => heading.toLowerCase()));
  for (const section of REQUIRED_SECTIONS) {
    if (!present.has(section.toLowerCase()))
      errors.push({
        code: 'MISSING_SECTION',
        message: `required section '## ${section}' is missing`,
      });
  }
  for (const section of RECOMMENDED_SECTIONS) {
    if (!present.has(section.toLowerCase()))
      warnings.push({ code: 'RECOMMENDED_SECTION', message: `consider a '## ${section}' section` });
  }
  const references = [...wikiLinks(body), ...recordUris(body)];
  for (const { id, line } of references) {
    if (!recordIds.has(id))
      errors.push({
        code: 'DANGLING_REFERENCE',
        message: `'${id}' is not a record in the knowledge graph`,
        line,
      });
  }
  const dates = checkDates(body, today, errors);
  if (updated) checkUpdated(updated, today, errors, warnings);
  return {
    valid: errors.length === 0,
    errors,
    warnings,
    checked: { sections: headings, references: references.length, dates },
  };
}

function recordUris(body: string): Array<{ id: string; line: number }> {
  const found: Array<{ id: string; line: number }> = [];
  body.split('\n').forEach((text, index) => {
    for (const match of text.matchAll(/vitaegraph:\/\/record\/([^\s)\]>"'`]+)/g))
      found.push({ id: match[1]!, line: index + 1 });
  });
  return found;
}

// "2021-03 – 2023-11", "2019 - present", "2020-01 to now": a start, a dash or "to", an end.
const RANGE =
  /\b(\d{4})(?:-(\d{2}))?\s*(?:–|—|-|to)\s*(?:(\d{4})(?:-(\d{2}))?|(present|current|now|today))\b/gi;

function checkDates(body: string, today: Date, errors: Issue[]): number {
  let count = 0;
  const thisMonth = today.getUTCFullYear() * 12 + today.getUTCMonth();
  body.split('\n').forEach((text, index) => {
    const line = index + 1;
    for (const match of text.matchAll(RANGE)) {
      count++;
      const [, startYear, startMonth, endYear, endMonth, open] = match;
      const start = monthIndex(startYear!, startMonth, line, errors);
      const end = open ? thisMonth : monthIndex(endYear!, endMonth, line, errors);
      if (start === undefined || end === undefined) continue;
      if (start > thisMonth)
        errors.push({ code: 'FUTURE_DATE', message: `'${match[0]}' starts in the future`, line });
      else if (end < start)
        errors.push({ code: 'DATE_ORDER', message: `'${match[0]}' ends before it starts`, line });
    }
  });
  return count;
}

function monthIndex(
  year: string,
  month: string | undefined,
  line: number,
  errors: Issue[],
): number | undefined {
  const y = Number(year);
  const m = month === undefined ? 1 : Number(month);
  if (y < EARLIEST_YEAR || m < 1 || m > 12) {
    errors.push({
      code: 'INVALID_DATE',
      message: `'${year}${month ? `-${month}` : ''}' is not a valid year-month`,
      line,
    });
    return undefined;
  }
  return y * 12 + (m - 1);
}

function checkUpdated(updated: string, today: Date, errors: Issue[], warnings: Issue[]): void {
  const date = new Date(`${updated}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(updated) || Number.isNaN(date.getTime())) {
    errors.push({
      code: 'INVALID_DATE',
      message: `front matter 'updated: ${updated}' is not a YYYY-MM-DD date`,
    });
    return;
  }
  const ageDays = (today.getTime() - date.getTime()) / 86_400_000;
  if (ageDays < 0)
    errors.push({
      code: 'FUTURE_DATE',
      message: `front matter 'updated: ${updated}' is in the future`,
    });
  else if (ageDays > STALE_AFTER_DAYS)
    warnings.push({
      code: 'STALE',
      message: `last updated ${updated}, more than a year ago: review it`,
    });
}
