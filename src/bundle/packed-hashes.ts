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
  hashAt(index: number): string;
}

/** A packed list, or null when `packed` is not one (not base64, or not a whole number of hashes). */
export function packedHashesOf(packed: unknown): PackedHashes | null {
  if (typeof packed !== 'string') return null;
  let binary: string;
  try {
    binary = atob(packed);
  } catch {
    return null;
  }
  const count = binary.length / HASH_BYTES;
  if (!Number.isInteger(count)) return null;
  return {
    count,
    hashAt(index) {
      if (!(index >= 0 && index < count)) throw new RangeError(`no hash ${index} of ${count}`);
      let hex = '';
      for (let i = index * HASH_BYTES; i < (index + 1) * HASH_BYTES; i++)
        hex += HEX[binary.charCodeAt(i)];
      return hex;
    },
  };
}
