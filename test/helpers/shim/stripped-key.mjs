// The name under which the stripped form of a TypeScript source is cached: the stripped text
// depends on the source's bytes, the URL it is loaded from (Node names it in a sourceURL comment)
// and the Node that stripped it. Plain JavaScript: the preloaded hook imports it before any
// TypeScript can be loaded.
import { createHash } from 'node:crypto';

/** @param {string} url @param {Buffer} source @returns {string} */
export function strippedKey(url, source) {
  return createHash('sha256').update(`${process.version}\0${url}\0`).update(source).digest('hex');
}
