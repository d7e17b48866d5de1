// The POWER template contract's exact text outputs for list_templates, get_template and list_frameworks, as pure functions.

/**
 * 2156 → "2,156": grouping as docs-mcp printed it, independent of the runtime's locale data. Built
 * from the right in one pass (the lookahead regex this replaces rescanned the digits from each one).
 */
export function groupedBytes(bytes: number): string {
  const digits = String(bytes);
  if (!/^\d+$/.test(digits)) return digits;
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3)
    groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return groups.join(',');
}

/** Names in code-point order, as Python's sorted() gives them (docs-mcp's ordering). */
export const codePointOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function templateListText(names: readonly string[]): string {
  if (!names.length) return 'No templates found in templates/power/';
  const lines = [...names].sort(codePointOrder).map((name, i) => `${i + 1}. ${name}`);
  return `Available POWER Framework Templates:\n\n${lines.join('\n')}\n\nTotal: ${names.length} templates`;
}

export const templateText = (name: string, content: string): string =>
  `=== ${name.toUpperCase()} Template ===\n\n${content}`;

/** `available` in the bundle's dependency order (readme, architecture, api, …), as the template contract's error shows it. */
export const templateNotFoundText = (requested: string, available: readonly string[]): string =>
  `Template '${requested}' not found. Available: ${available.join(', ')}`;

export function frameworkListText(
  frameworks: ReadonlyArray<{ file: string; bytes: number }>,
): string {
  if (!frameworks.length) return 'No framework documentation found';
  const lines = [...frameworks]
    .sort((a, b) => codePointOrder(a.file, b.file))
    .map((framework, i) => `${i + 1}. ${framework.file} (${groupedBytes(framework.bytes)} bytes)`);
  return `Available Framework Documentation:\n\n${lines.join('\n')}\n\nTotal: ${frameworks.length} framework docs`;
}

export const frameworkText = (name: string, content: string): string =>
  `=== ${name} Framework ===\n\n${content}`;

export const frameworkNotFoundText = (requested: string, available: readonly string[]): string =>
  `Framework '${requested}' not found. Available: ${available.join(', ')}`;

/** `{{readme_summary}}`-style cross-references (the template contract's "Template Cross-References"). */
export const PLACEHOLDER = /\{\{([a-z][a-z0-9]*(?:_[a-z0-9]+)*)\}\}/g;

/** Replaces the placeholders given in `values`; reports which were resolved and which remain. */
export function fillPlaceholders(content: string, values: Readonly<Record<string, string>>) {
  const resolved = new Set<string>();
  const unresolved = new Set<string>();
  const text = content.replace(PLACEHOLDER, (whole, key: string) => {
    if (Object.hasOwn(values, key)) {
      resolved.add(key);
      return values[key]!;
    }
    unresolved.add(key);
    return whole;
  });
  return { text, resolved: [...resolved].sort(), unresolved: [...unresolved].sort() };
}
