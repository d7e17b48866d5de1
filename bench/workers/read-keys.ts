// The bench Worker's READ_KEYS_PATH: the keys read from CONTENT in bulk reads or one read each, and
// nothing else done with them, so a profile of the request is what reading that many bytes that way
// costs the isolate.
import { KV } from '../../src/bundle/platform-limits.ts';
import type { ReadKeys } from './floor.ts';

export async function readKeys(request: Request, kv: KVNamespace): Promise<Response> {
  const { keys, how } = (await request.json()) as ReadKeys;
  const texts: Array<string | null> = [];
  if (how === 'bulk') {
    for (let i = 0; i < keys.length; i += KV.bulkGetKeys)
      texts.push(...(await kv.get(keys.slice(i, i + KV.bulkGetKeys), 'text')).values());
  } else texts.push(...(await Promise.all(keys.map((key) => kv.get(key, 'text')))));
  if (texts.some((text) => text === null)) return new Response('a key is missing', { status: 404 });
  return new Response(String(texts.reduce((sum, text) => sum + text!.length, 0)));
}
