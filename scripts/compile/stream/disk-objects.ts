// A bundle's objects written to DIR/objects/<hash> as they are made, instead of held in a Map: the
// same content addressing and parts rule as assembleBundle's `put`, each object checked against the
// platform's limits as it is stored. An object too long to build as one string (a large graph search
// index) is appended in pieces (`streamed`): hashed incrementally and cut into parts as it grows.
import { createHash, type Hash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  isPartsList,
  partsListOf,
  partsOf,
  PART_CHARS,
  splitText,
} from '../../../src/bundle/object-parts.ts';
import { objectProblems, type LimitProblem } from '../platform-check.ts';

export interface ObjectLabel {
  what: string;
  file?: string;
}

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export class DiskObjects {
  private readonly dir: string;
  private readonly written = new Set<string>();
  /** Parts of each object stored in parts (few: the corpus-sized objects). */
  private readonly partsLists = new Map<string, string[]>();
  readonly problems: LimitProblem[] = [];
  /** UTF-8 bytes of every stored value. */
  bytes = 0;
  readonly partChars: number;

  constructor(outDir: string, partChars = PART_CHARS) {
    this.partChars = partChars;
    this.dir = join(outDir, 'objects');
    mkdirSync(this.dir, { recursive: true });
  }

  /** Objects stored. */
  get count(): number {
    return this.written.size;
  }

  /** `text` stored (in parts when longer than partChars); its hash. */
  put(text: string, label: ObjectLabel = { what: 'bundle object' }): string {
    // Unreachable from content (documents with control characters are refused), but a value that
    // read as a parts list would make readers fetch other objects in its place.
    if (isPartsList(text))
      throw new Error('refusing to store an object that starts with the parts-list marker');
    const hash = sha256(text);
    if (text.length <= this.partChars) this.store(hash, text, label);
    else this.storeParts(hash, splitText(text, this.partChars), label);
    return hash;
  }

  /** An object written piece by piece: `append` its text in order, then `end` gives its hash. */
  streamed(label: ObjectLabel): StreamedObject {
    return new StreamedObject(this, label);
  }

  /** The hash and its parts when stored in parts, else just the hash: what a load list names. */
  withParts(hash: string): string[] {
    const parts = this.partsLists.get(hash);
    return parts ? [hash, ...parts] : [hash];
  }

  /** Stores `text` under `hash` unless already stored. */
  store(hash: string, stored: string, label: ObjectLabel): void {
    if (this.written.has(hash)) return;
    this.written.add(hash);
    this.problems.push(...objectProblems(hash, stored, label));
    this.bytes += Buffer.byteLength(stored, 'utf8');
    writeFileSync(join(this.dir, hash), stored);
  }

  /** Stores each part, then the parts list under `hash`. */
  storeParts(hash: string, parts: readonly string[], label: ObjectLabel): void {
    const hashes = parts.map((part, i) => this.storePart(part, i, parts.length, label));
    this.finishParts(hash, hashes, label);
  }

  storePart(part: string, i: number, total: number | undefined, label: ObjectLabel): string {
    const partHash = sha256(part);
    this.store(partHash, part, {
      what: `part ${i + 1}${total === undefined ? '' : ` of ${total}`} of ${label.what}`,
    });
    return partHash;
  }

  finishParts(hash: string, partHashes: string[], label: ObjectLabel): void {
    const list = partsListOf(partHashes);
    this.partsLists.set(hash, partsOf(list));
    this.store(hash, list, label);
  }
}

/**
 * An object too long to hold as one string: its text arrives in pieces. It is cut into parts at
 * exactly the places splitText would cut the whole text, and stored whole if it stays short.
 */
export class StreamedObject {
  private readonly hash: Hash = createHash('sha256');
  private pending = '';
  private readonly parts: string[] = [];
  private first = true;
  private readonly objects: DiskObjects;
  private readonly label: ObjectLabel;

  constructor(objects: DiskObjects, label: ObjectLabel) {
    this.objects = objects;
    this.label = label;
  }

  append(piece: string): void {
    if (this.first && piece.length) {
      this.first = false;
      if (isPartsList(piece))
        throw new Error('refusing to store an object that starts with the parts-list marker');
    }
    this.hash.update(piece, 'utf8');
    this.pending += piece;
    const partChars = this.objects.partChars;
    // Text follows the cut, so this is where splitText cuts too (never between surrogate halves).
    while (this.pending.length > partChars) {
      let end = partChars;
      const last = this.pending.charCodeAt(end - 1);
      if (last >= 0xd800 && last <= 0xdbff) end -= 1;
      this.parts.push(
        this.objects.storePart(
          this.pending.slice(0, end),
          this.parts.length,
          undefined,
          this.label,
        ),
      );
      this.pending = this.pending.slice(end);
    }
  }

  end(): string {
    const hash = this.hash.digest('hex');
    if (this.parts.length === 0) {
      this.objects.store(hash, this.pending, this.label);
      return hash;
    }
    this.parts.push(this.objects.storePart(this.pending, this.parts.length, undefined, this.label));
    this.pending = '';
    this.objects.finishParts(hash, this.parts, this.label);
    return hash;
  }
}
