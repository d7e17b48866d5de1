// The pseudonymous caller id a usage event stores: HMAC-SHA-256 of the subject with the Worker's
// PRAXIS_INSIGHTS_KEY, as 64 hex characters. The same person always gets the same id (so distinct
// callers can be counted and one person's rows found again to delete), and without the key the id
// says nothing of who it is.
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    keys.set(secret, key);
  }
  return key;
}

export async function callerId(secret: string, subject: string): Promise<string> {
  const mac = await crypto.subtle.sign(
    'HMAC',
    await hmacKey(secret),
    new TextEncoder().encode(subject),
  );
  return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
