// Which documents are folder index pages, and of which index pages each document is a page, from
// the names alone (folder-index.ts's pageTopicsOfIndexes scans the same sorted names): a name that
// another extends with "-" is an index page, and that other name is one of its pages.

export interface FolderPages {
  /** 1 for each position whose name another document's name extends with "-". */
  isIndex: Uint8Array;
  /** Position → the positions of the index pages it is a page of (only positions that have any). */
  indexesOf: Map<number, number[]>;
}

export function folderPagesOf(names: readonly string[]): FolderPages {
  const sorted = names
    .map((_, position) => position)
    .sort((a, b) => {
      const x = names[a]!;
      const y = names[b]!;
      return x < y ? -1 : x > y ? 1 : a - b;
    });
  const isIndex = new Uint8Array(names.length);
  const indexesOf = new Map<number, number[]>();
  // The earlier names that are prefixes of the current one: in sorted order, once a name no longer
  // starts with one, no later name does.
  const prefixes: number[] = [];
  for (const position of sorted) {
    const name = names[position]!;
    while (prefixes.length && !name.startsWith(names[prefixes[prefixes.length - 1]!]!))
      prefixes.pop();
    for (const index of prefixes) {
      if (!name.startsWith(`${names[index]!}-`)) continue;
      isIndex[index] = 1;
      let list = indexesOf.get(position);
      if (list === undefined) indexesOf.set(position, (list = []));
      list.push(index);
    }
    prefixes.push(position);
  }
  return { isIndex, indexesOf };
}
