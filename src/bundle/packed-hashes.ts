// Object hashes packed: the raw 32 bytes of each SHA-256, in order, as one base64 string — 43
// characters a hash instead of 67 as a JSON string, and nothing to parse: a reader builds the hex
// of only the hashes it is asked for. Lists that grow with the corpus and are read whole by a new
// isolate are stored this way (the pointer's term shard lists, a kind's chunk list).

const HASH_BYTES = 32;

/** The hashes (64 lowercase hex digits each) packed; throws on anything else. */
export function packHashes(hashes: readonly string[]): string {
  let binary = '';
  for (const hash of hashes) {
    if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error(`not an object hash: ${hash}`);
    for (let i = 0; i < 64; i += 2)
      binary += String.fromCharCode(parseInt(hash.slice(i, i + 2), 16));
  }
  return btoa(binary);
}

/** Two hex digits of each byte value. */
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** A packed list read lazily: how many hashes it holds, and one's hex built only when asked for. */
export interface PackedHashes {
  count: number;
  /** The hash at `index`; throws when that part of the list is not base64 (a damaged list). */
  hashAt(index: number): string;
}

/**
 * A packed list, or null when `packed` cannot be one (not a string, or not the base64 length of a
 * whole number of hashes). Nothing is decoded up front — a chunk list at 1 000 000 documents is
 * 260 KiB of base64 — : each hash is decoded from the few base64 groups that hold its bytes, so a
 * reader that asks for five hashes decodes five, and a damaged character is found where it is read.
 */
export function packedHashesOf(packed: unknown): PackedHashes | null {
  if (typeof packed !== 'string' || packed.length % 4 !== 0) return null;
  const padding = packed.endsWith('==') ? 2 : packed.endsWith('=') ? 1 : 0;
  const count = ((packed.length / 4) * 3 - padding) / HASH_BYTES;
  if (!Number.isInteger(count)) return null;
  return {
    count,
    hashAt(index) {
      if (!(Number.isInteger(index) && index >= 0 && index < count))
        throw new RangeError(`no hash ${index} of ${count}`);
      const first = index * HASH_BYTES;
      // Base64 turns each 3 bytes into 4 characters: decode the groups spanning the hash's bytes.
      const group = Math.floor(first / 3);
      const bytes = atob(packed.slice(group * 4, Math.ceil((first + HASH_BYTES) / 3) * 4));
      const from = first - group * 3;
      // atob skips white space: a group that held some decodes short.
      if (bytes.length < from + HASH_BYTES) throw new Error(`hash ${index} is not base64`);
      let hex = '';
      for (let i = from; i < from + HASH_BYTES; i++) hex += HEX[bytes.charCodeAt(i)];
      return hex;
    },
  };
}
