// Whether a link between two access-controlled entries would name something to a reader who may
// not see it. Shared by the build (which refuses such links) so the rule has one definition.

/**
 * True when everyone who may see an entry with `readerAccess` may also see one with `targetAccess`
 * (absent: everyone). A caller sees an entry when they hold one of its groups, so this holds
 * exactly when the target is public, or the reader is restricted to groups that all see the target.
 */
export function audienceCovers(
  targetAccess: readonly string[] | undefined,
  readerAccess: readonly string[] | undefined,
): boolean {
  if (!targetAccess) return true;
  if (!readerAccess) return false;
  return readerAccess.every((group) => targetAccess.includes(group));
}

/** "everyone" or "groups a, b": who may see an entry, for build errors. */
export const audienceText = (access: readonly string[] | undefined): string =>
  access ? `groups ${access.join(', ')}` : 'everyone';
