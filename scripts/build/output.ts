// A bundle on disk (`praxis build --out DIR`): DIR/objects/<hash> and DIR/pointer.json, the pointer written last.
import { mkdir, writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { Bundle } from './assemble.ts';

export async function writeBundle(bundle: Bundle, outDir: string): Promise<void> {
  await mkdir(join(outDir, 'objects'), { recursive: true });
  await Promise.all([...bundle.objects].map(([hash, text]) => writeFile(join(outDir, 'objects', hash), text)));
  const pointerFile = join(outDir, 'pointer.json');
  await writeFile(`${pointerFile}.tmp`, `${JSON.stringify(bundle.pointer, null, 2)}\n`);
  await rename(`${pointerFile}.tmp`, pointerFile);
}
