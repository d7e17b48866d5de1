// Sequential binary files for the build's spilled runs: LEB128 unsigned integers and length-prefixed
// UTF-8 strings, written through one buffer and read back through another, so neither side holds a
// run in memory.
import { closeSync, openSync, readSync, writeSync } from 'node:fs';

const BUFFER_BYTES = 1 << 20;

/** Appends integers and strings to a new file through a 1 MiB buffer. */
export class ByteWriter {
  private readonly fd: number;
  private buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  private used = 0;

  constructor(path: string) {
    this.fd = openSync(path, 'w');
  }

  private room(bytes: number): void {
    if (this.used + bytes <= this.buffer.length) return;
    this.flush();
    if (bytes > this.buffer.length) this.buffer = Buffer.allocUnsafe(bytes);
  }

  private flush(): void {
    let at = 0;
    while (at < this.used) at += writeSync(this.fd, this.buffer, at, this.used - at);
    this.used = 0;
  }

  /** A non-negative integer below 2^53 as LEB128. */
  uint(value: number): void {
    this.room(8);
    let rest = value;
    while (rest >= 0x80) {
      this.buffer[this.used++] = (rest & 0x7f) | 0x80;
      rest = Math.floor(rest / 0x80);
    }
    this.buffer[this.used++] = rest;
  }

  /** A string as its UTF-8 length, then its bytes. */
  text(value: string): void {
    const length = Buffer.byteLength(value, 'utf8');
    this.uint(length);
    this.room(length);
    this.used += this.buffer.write(value, this.used, 'utf8');
  }

  /** A block of bytes as its length, then the bytes. */
  block(builder: ByteBuilder): void {
    this.uint(builder.length);
    this.room(builder.length);
    builder.bytes.copy(this.buffer, this.used, 0, builder.length);
    this.used += builder.length;
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

/** LEB128 integers gathered in memory, to be written as one block. */
export class ByteBuilder {
  bytes = Buffer.allocUnsafe(4096);
  length = 0;

  uint(value: number): void {
    if (this.length + 8 > this.bytes.length) {
      const bigger = Buffer.allocUnsafe(this.bytes.length * 2);
      this.bytes.copy(bigger, 0, 0, this.length);
      this.bytes = bigger;
    }
    let rest = value;
    while (rest >= 0x80) {
      this.bytes[this.length++] = (rest & 0x7f) | 0x80;
      rest = Math.floor(rest / 0x80);
    }
    this.bytes[this.length++] = rest;
  }

  reset(): void {
    this.length = 0;
  }
}

/** Reads what a ByteWriter wrote, in order; `done` once the file is exhausted. */
export class ByteReader {
  private readonly fd: number;
  private buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  private at = 0;
  private end = 0;
  private eof = false;

  constructor(path: string) {
    this.fd = openSync(path, 'r');
  }

  /** Makes `bytes` bytes available from `at` (fewer only at the end of the file). */
  private want(bytes: number): void {
    if (this.end - this.at >= bytes || this.eof) return;
    if (bytes > this.buffer.length) {
      const bigger = Buffer.allocUnsafe(Math.max(bytes, this.buffer.length * 2));
      this.buffer.copy(bigger, 0, this.at, this.end);
      this.buffer = bigger;
    } else this.buffer.copy(this.buffer, 0, this.at, this.end);
    this.end -= this.at;
    this.at = 0;
    while (this.end < bytes && !this.eof) {
      const read = readSync(this.fd, this.buffer, this.end, this.buffer.length - this.end, null);
      if (read === 0) this.eof = true;
      this.end += read;
    }
  }

  get done(): boolean {
    this.want(1);
    return this.at >= this.end;
  }

  uint(): number {
    this.want(8);
    let value = 0;
    let scale = 1;
    for (;;) {
      if (this.at >= this.end) throw new Error('a spilled run ends in the middle of a number');
      const byte = this.buffer[this.at++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  }

  text(): string {
    const length = this.uint();
    this.want(length);
    if (this.end - this.at < length)
      throw new Error('a spilled run ends in the middle of a string');
    const value = this.buffer.toString('utf8', this.at, this.at + length);
    this.at += length;
    return value;
  }

  /** The next block a ByteWriter wrote (`block`), valid until the next read. */
  block(): Buffer {
    const length = this.uint();
    this.want(length);
    if (this.end - this.at < length)
      throw new Error('a spilled run ends in the middle of a record');
    const bytes = this.buffer.subarray(this.at, this.at + length);
    this.at += length;
    return bytes;
  }

  close(): void {
    closeSync(this.fd);
  }
}

/** LEB128 integers read from a byte slice (a run's records for one term). */
export class SliceReader {
  at = 0;
  readonly bytes: Buffer;

  constructor(bytes: Buffer) {
    this.bytes = bytes;
  }

  get done(): boolean {
    return this.at >= this.bytes.length;
  }

  uint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.bytes[this.at++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  }
}
