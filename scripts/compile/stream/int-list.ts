// A growable list of 32-bit integers: per-document figures for a million documents without a
// million JS numbers in an array.

export class IntList {
  values: Int32Array;
  length = 0;

  constructor(capacity = 1024) {
    this.values = new Int32Array(capacity);
  }

  push(value: number): void {
    if (this.length === this.values.length) {
      const bigger = new Int32Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = value;
  }

  at(index: number): number {
    return this.values[index]!;
  }

  clear(): void {
    this.length = 0;
  }

  /** Drops the storage a long run grew, keeping a small list. */
  shrink(): void {
    this.length = 0;
    this.values = new Int32Array(1024);
  }
}
