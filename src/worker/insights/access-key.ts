// Whose view a remembered gap state belongs to: SHA-256 (hex) of the author's groups, sorted, as a
// JSON array (as knowledge views are keyed: no group name can make two group sets share a key).
// Authors with the same groups see the same documents, so they share what was answered when.
export async function accessKeyOf(groups: readonly string[]): Promise<string> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(JSON.stringify([...groups].sort())),
  );
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
