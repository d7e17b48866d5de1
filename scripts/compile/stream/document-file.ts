// The indexed text of a kind's documents, written to disk as they are read and read back in the
// same order once the whole corpus is known (learned abbreviations and folder index pages depend on
// every document), so the first pass holds no document's text.
import type { IndexableDoc } from '../../../src/bundle/search/types.ts';
import { ByteReader, ByteWriter } from './byte-file.ts';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export class DocumentFileWriter {
  private readonly writer: ByteWriter;
  readonly path: string;

  constructor(path: string) {
    this.path = path;
    this.writer = new ByteWriter(path);
  }

  add(doc: IndexableDoc): void {
    for (const text of [doc.name, doc.title, doc.description, doc.body]) this.text(text);
    this.writer.text(JSON.stringify(doc.access ?? null));
  }

  /** UTF-8 cannot carry a lone surrogate: such a text goes as JSON, which escapes it. */
  private text(value: string): void {
    const exact = !LONE_SURROGATE.test(value);
    this.writer.uint(exact ? 0 : 1);
    this.writer.text(exact ? value : JSON.stringify(value));
  }

  close(): void {
    this.writer.close();
  }
}

/** Each document the writer at `path` wrote, in order. */
export function readDocuments(path: string, onDocument: (doc: IndexableDoc) => void): void {
  const reader = new ByteReader(path);
  try {
    while (!reader.done) {
      const name = textOf(reader);
      const title = textOf(reader);
      const description = textOf(reader);
      const body = textOf(reader);
      const access = JSON.parse(reader.text()) as string[] | null;
      onDocument({ name, title, description, body, ...(access ? { access } : {}) });
    }
  } finally {
    reader.close();
  }
}

function textOf(reader: ByteReader): string {
  const escaped = reader.uint() === 1;
  const text = reader.text();
  return escaped ? (JSON.parse(text) as string) : text;
}
