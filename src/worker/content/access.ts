/** A document with `access` is visible only to holders of one of its groups; others see no trace of it. */
export function isVisible(
  entry: { access?: readonly string[] },
  groups: readonly string[],
): boolean {
  return !entry.access || entry.access.some((group) => groups.includes(group));
}
