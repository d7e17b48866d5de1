// The documents' text the first pass writes comes back as written: the second pass indexes it, so
// any change (a lone surrogate replaced, an access list lost) would change the index.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DocumentFileWriter,
  readDocuments,
} from '../../../../scripts/compile/stream/document-file.ts';
import type { IndexableDoc } from '../../../../src/bundle/search/types.ts';

describe('the first pass’s document file', () => {
  it('gives back every document exactly, in order', () => {
    const dir = mkdtempSync(join(tmpdir(), 'praxis-documents-'));
    try {
      const docs: IndexableDoc[] = [
        { name: 'a', title: 'Café 日本語 𝔘', description: '', body: 'line\nnext "quoted"' },
        {
          name: 'b',
          title: 'lone \ud800 high',
          description: 'lone \udc00 low',
          body: '',
          access: ['red'],
        },
        { name: 'c', title: 't', description: 'd', body: 'x'.repeat(3 << 20), access: ['a', 'b'] },
      ];
      const writer = new DocumentFileWriter(join(dir, 'documents'));
      for (const doc of docs) writer.add(doc);
      writer.close();
      const read: IndexableDoc[] = [];
      readDocuments(join(dir, 'documents'), (doc) => read.push(doc));
      expect(read).toEqual(docs);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
