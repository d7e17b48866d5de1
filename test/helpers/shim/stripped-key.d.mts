export function strippedKey(url: string, source: Buffer): string;
