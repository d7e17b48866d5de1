// The POWER template contract's POWER template file format, validated rule by rule with the line of each problem.
import { PLACEHOLDER } from '../../../src/bundle/templates/text-formats.ts';

export const POWER_FIELDS = [
  'framework',
  'purpose',
  'output',
  'work',
  'examples',
  'requirements',
  'save_as',
  'store_as',
] as const;
export type PowerField = (typeof POWER_FIELDS)[number];
/** The template contract: "File size must be < 50KB". */
export const MAX_TEMPLATE_BYTES = 50 * 1024;
export const TEMPLATE_FILE_NAME = /^[a-z0-9]+\.txt$/;
const SAVE_AS = /^[A-Za-z0-9][A-Za-z0-9._-]*\.[A-Za-z0-9]+$/;
const STORE_AS = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
const FIELD_LINE = /^([a-z_]+):(.*)$/;

export interface PowerTemplate {
  values: Record<PowerField, string>;
  lines: Record<PowerField, number>;
  /** `store_as` names referenced as `{{…}}`, with the line of the first use. */
  placeholders: Map<string, number>;
}

export interface LineError {
  line: number;
  message: string;
}

export function parsePowerTemplate(text: string): {
  template?: PowerTemplate;
  errors: LineError[];
} {
  const errors: LineError[] = [];
  const found = splitFields(text, errors);
  // The highest field position so far, carried along: the maximum of every prefix was quadratic.
  let highest = -1;
  for (const field of found) {
    const position = POWER_FIELDS.indexOf(field.name);
    if (position < highest) {
      errors.push({
        line: field.line,
        message: `field '${field.name}' is out of order: fields must appear as ${POWER_FIELDS.join(', ')}`,
      });
    }
    highest = Math.max(highest, position);
  }
  const byName = new Map<PowerField, FoundField>();
  for (const field of found) {
    const first = byName.get(field.name);
    if (first)
      errors.push({
        line: field.line,
        message: `field '${field.name}' appears twice (first on line ${first.line})`,
      });
    else byName.set(field.name, field);
  }
  for (const name of POWER_FIELDS) {
    if (!byName.has(name))
      errors.push({
        line: lastLine(text),
        message: `required field '${name}' is missing (fields, in order: ${POWER_FIELDS.join(', ')})`,
      });
  }
  for (const field of byName.values()) checkField(field, errors);
  if (!text.startsWith('framework: POWER\n') && !errors.some((error) => error.line === 1)) {
    errors.push({
      line: 1,
      message: "a POWER template must start with the line 'framework: POWER'",
    });
  }
  if (errors.length) return { errors: errors.sort((a, b) => a.line - b.line) };
  const values = {} as Record<PowerField, string>;
  const lines = {} as Record<PowerField, number>;
  for (const [name, field] of byName) {
    values[name] = field.value;
    lines[name] = field.line;
  }
  return { template: { values, lines, placeholders: placeholdersIn(text) }, errors };
}

interface FoundField {
  name: PowerField;
  line: number;
  inline: string;
  continuation: Array<{ text: string; line: number }>;
  value: string;
}

function splitFields(text: string, errors: LineError[]): FoundField[] {
  const fields: FoundField[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    const match = FIELD_LINE.exec(raw);
    if (match && (POWER_FIELDS as readonly string[]).includes(match[1]!)) {
      fields.push({
        name: match[1] as PowerField,
        line,
        inline: match[2]!.trim(),
        continuation: [],
        value: '',
      });
    } else if (match) {
      errors.push({
        line,
        message: `unknown field '${match[1]}' (fields are ${POWER_FIELDS.join(', ')}); indent the line if it continues the previous field`,
      });
    } else if (fields.length) {
      fields.at(-1)!.continuation.push({ text: raw, line });
    } else if (raw.trim()) {
      errors.push({
        line,
        message:
          "text before the first field: a POWER template must start with the line 'framework: POWER'",
      });
    }
  });
  for (const field of fields)
    field.value = [field.inline, ...field.continuation.map((part) => part.text)].join('\n').trim();
  return fields;
}

function checkField(field: FoundField, errors: LineError[]): void {
  const fail = (message: string, line = field.line): void => {
    errors.push({ line, message });
  };
  if (!field.value) {
    fail(`field '${field.name}' is empty`);
    return;
  }
  const extraLines = field.continuation.filter((part) => part.text.trim());
  switch (field.name) {
    case 'framework':
      if (field.value !== 'POWER') fail(`framework must be "POWER", not "${field.value}"`);
      break;
    case 'purpose':
      if (!field.value.endsWith('.'))
        fail('purpose must be a single sentence ending with a period');
      break;
    case 'examples':
      if (field.inline) fail("examples are a list: put each on its own line starting with '- '");
      for (const part of extraLines)
        if (!/^\s*- \S/.test(part.text))
          fail(`example lines start with '- ': '${part.text.trim()}'`, part.line);
      break;
    case 'save_as':
      if (extraLines.length || !SAVE_AS.test(field.value))
        fail(
          `save_as must be a file name with an extension (like README.md), not '${field.value}'`,
        );
      break;
    case 'store_as':
      if (extraLines.length || !STORE_AS.test(field.value))
        fail(
          `store_as must be snake_case (lowercase letters, digits, underscores), not '${field.value}'`,
        );
      break;
    default:
      break;
  }
}

function placeholdersIn(text: string): Map<string, number> {
  const found = new Map<string, number>();
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(PLACEHOLDER))
      if (!found.has(match[1]!)) found.set(match[1]!, index + 1);
  });
  return found;
}

const lastLine = (text: string): number => Math.max(1, text.replace(/\n$/, '').split('\n').length);
