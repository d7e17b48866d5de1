// content/graph/**.md → knowledge-graph records; fails on duplicate ids and dangling links.
import { join } from 'node:path';
import { audienceCovers, audienceText } from '../../../src/bundle/audience-covers.ts';
import {
  isRecordId,
  MAX_RECORD_ID_LENGTH,
  RECORD_TYPE,
  wikiLinks,
} from '../../../src/bundle/graph/ids.ts';
import type { BuildError } from '../errors.ts';
import { firstHeading, firstParagraph, sourceFilesOf } from './files.ts';
import type { KnownKey } from '../front-matter-keys.ts';
import { readFrontMatter, type Fields } from './front.ts';

type RecordFields = Fields<KnownKey<'graph'>>;

export interface CompiledRecord {
  id: string;
  type: string;
  title: string;
  description: string;
  tags: string[];
  links: Array<{ to: string; type: string; line: number }>;
  path: string;
  file: string;
  /** The record's source: front matter and body. */
  source: string;
  /** Body without front matter (for search). */
  body: string;
  access?: string[];
}

const RELATION = /^[a-z]+(?:[-_][a-z]+)*$/;

export async function compileGraph(
  contentDir: string,
  errors: BuildError[],
): Promise<CompiledRecord[]> {
  const records: CompiledRecord[] = [];
  for await (const record of graphRecordsOf(contentDir, errors)) records.push(record);
  return finishGraph(records, errors);
}

/** Each record of content/graph in file order, read one file at a time; a duplicate id is an error, not a record. */
export async function* graphRecordsOf(
  contentDir: string,
  errors: BuildError[],
): AsyncGenerator<CompiledRecord> {
  const dir = join(contentDir, 'graph');
  const files = sourceFilesOf(
    dir,
    '.md',
    { root: contentDir, recursive: true, maxBytes: 1024 * 1024 },
    errors,
  );
  const fileOfId = new Map<string, string>();
  for await (const source of files) {
    const fields = readFrontMatter('graph', source, errors);
    if (!fields) continue;
    const record = readRecord(source.path, source.file, source.text, fields, errors);
    if (!record) continue;
    const existing = fileOfId.get(record.id);
    if (existing !== undefined) {
      errors.push({
        file: source.file,
        line: fields.line('id'),
        message: `duplicate id '${record.id}': ${existing} already uses it (ids must be unique and stable)`,
      });
      continue;
    }
    fileOfId.set(record.id, record.file);
    yield record;
  }
}

/** The link checks once every record is read, then the records sorted by id. */
export function finishGraph<
  Record extends Pick<CompiledRecord, 'id' | 'file' | 'links' | 'access'>,
>(records: Record[], errors: BuildError[]): Record[] {
  errors.push(...linkErrors(records, new Map(records.map((record) => [record.id, record]))));
  return records.sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** Dangling links, and links to a record fewer readers may see. */
export function linkErrors(
  records: readonly Pick<CompiledRecord, 'file' | 'links' | 'access'>[],
  byId: ReadonlyMap<string, Pick<CompiledRecord, 'access'>>,
): BuildError[] {
  const errors: BuildError[] = [];
  for (const record of records) {
    for (const link of record.links) {
      const target = byId.get(link.to);
      if (!target)
        errors.push({
          file: record.file,
          line: link.line,
          message: `dangling link to '${link.to}': no record has that id`,
        });
      // A reader who may not see the target would see its id in this record's text, links and edges.
      else if (!audienceCovers(target.access, record.access)) {
        errors.push({
          file: record.file,
          line: link.line,
          message: `link to '${link.to}', which only ${audienceText(target.access)} may see, from a record ${audienceText(record.access)} may see: it would name a record to readers who may not see it. Give this record the same access, or drop the link`,
        });
      }
    }
  }
  return errors;
}

export function readRecord(
  path: string,
  file: string,
  source: string,
  fields: RecordFields,
  errors: BuildError[],
): CompiledRecord | undefined {
  const fail = (line: number, message: string): undefined => {
    errors.push({ file, line, message });
    return undefined;
  };
  const id = fields.text('id');
  if (id === undefined)
    return fail(
      1,
      "a graph record needs a front matter 'id' (stable, lowercase, like skill-typescript)",
    );
  if (!isRecordId(id))
    return fail(
      fields.line('id'),
      `id '${id}' must be lowercase letters and digits joined by '-' or '_', at most ${MAX_RECORD_ID_LENGTH} characters (no slashes or dots)`,
    );
  const type = fields.text('type');
  if (type === undefined)
    return fail(
      1,
      "a graph record needs a front matter 'type' (like skill, project, role, decision)",
    );
  if (!RECORD_TYPE.test(type))
    return fail(fields.line('type'), `type '${type}' must be lowercase words joined by '-'`);
  const links = frontMatterLinks(fields, file, errors);
  const body = fields.matter.body;
  for (const link of wikiLinks(body)) {
    if (link.id === id) continue;
    links.push({ to: link.id, type: 'mentions', line: fields.matter.bodyLine + link.line - 1 });
  }
  const access = fields.access;
  return {
    id,
    type,
    links,
    path,
    file,
    source,
    body,
    title: fields.text('title') ?? firstHeading(body) ?? fields.text('name') ?? id,
    description: fields.text('description') ?? firstParagraph(body),
    tags: [...new Set(fields.list('tags') ?? [])].sort(),
    ...(access ? { access } : {}),
  };
}

/** `links:` items are an id (`related`) or a one-key mapping `relation: id` / `relation: [ids]`. */
function frontMatterLinks(
  fields: RecordFields,
  file: string,
  errors: BuildError[],
): CompiledRecord['links'] {
  const raw = fields.value('links');
  if (raw === undefined || raw === null) return [];
  const line = fields.line('links');
  const links: CompiledRecord['links'] = [];
  const bad = (message: string) => errors.push({ file, line, message });
  for (const item of Array.isArray(raw) ? raw : [raw]) {
    if (typeof item === 'string') {
      links.push({ to: item.trim(), type: 'related', line });
      continue;
    }
    const entries =
      item && typeof item === 'object' && !Array.isArray(item)
        ? Object.entries(item as Record<string, unknown>)
        : [];
    if (entries.length !== 1) {
      bad("each 'links' item is an id or one 'relation: id' pair");
      continue;
    }
    const [relation, targets] = entries[0]!;
    if (!RELATION.test(relation)) {
      bad(`link relation '${relation}' must be lowercase words joined by '-' or '_'`);
      continue;
    }
    const ids = Array.isArray(targets) ? targets : [targets];
    if (!ids.every((target) => typeof target === 'string' && target.trim())) {
      bad(`link '${relation}' must name record ids`);
      continue;
    }
    for (const target of ids as string[]) links.push({ to: target.trim(), type: relation, line });
  }
  return links;
}
