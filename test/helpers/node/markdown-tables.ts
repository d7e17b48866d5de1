// The rows of a page's Markdown tables, for tests that hold a page's tables to what the program
// lists: a table is found by the text of its first header cell.

/** Each row's cells (trimmed) of every table whose first header cell is `header`, header and rule rows left out. */
export function tableRows(page: string, header: string): string[][] {
  const rows: string[][] = [];
  let inTable = false;
  for (const line of page.split('\n')) {
    if (!line.startsWith('|')) {
      inTable = false;
      continue;
    }
    const cells = line
      .slice(1, line.endsWith('|') ? -1 : undefined)
      .split('|')
      .map((cell) => cell.trim());
    if (!inTable) {
      inTable = cells[0] === header;
      continue;
    }
    if (!cells.every((cell) => /^:?-+:?$/.test(cell))) rows.push(cells);
  }
  return rows;
}

/** The `code` spans of one cell: `a`, `b` → ['a', 'b']. */
export const codeSpans = (cell: string): string[] =>
  [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
