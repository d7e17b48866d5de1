// Plain text spilled to a temporary file and read back in pieces: the long strings of an index
// (its terms and postings) pass through disk instead of being built whole in memory.
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

const FLUSH_CHARS = 1 << 20;

export class TextFileWriter {
  private readonly fd: number;
  private pieces: string[] = [];
  private held = 0;
  /** Characters (UTF-16 code units) written so far. */
  chars = 0;
  readonly path: string;

  constructor(path: string) {
    this.path = path;
    this.fd = openSync(path, 'w');
  }

  write(text: string): void {
    this.pieces.push(text);
    this.held += text.length;
    this.chars += text.length;
    if (this.held >= FLUSH_CHARS) this.flush();
  }

  private flush(): void {
    if (!this.pieces.length) return;
    const bytes = Buffer.from(this.pieces.join(''), 'utf8');
    let at = 0;
    while (at < bytes.length) at += writeSync(this.fd, bytes, at, bytes.length - at);
    this.pieces = [];
    this.held = 0;
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

/** Calls `onPiece` with the file's text in order, a piece (about 1 MiB) at a time. */
export function readTextPieces(path: string, onPiece: (piece: string) => void): void {
  const fd = openSync(path, 'r');
  const buffer = Buffer.allocUnsafe(1 << 20);
  const decoder = new StringDecoder('utf8');
  try {
    for (;;) {
      const read = readSync(fd, buffer, 0, buffer.length, null);
      if (read === 0) break;
      const piece = decoder.write(buffer.subarray(0, read));
      if (piece) onPiece(piece);
    }
    const rest = decoder.end();
    if (rest) onPiece(rest);
  } finally {
    closeSync(fd);
  }
}
