// A bundle on disk (`praxis build --out DIR`): DIR/objects/<hash> and DIR/pointer.json, the pointer written last.
import { mkdir, writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { Bundle } from './assemble.ts';

/** Files written at once: writing every object together runs out of file descriptors (EMFILE) at a few thousand documents. */
const FILES_AT_ONCE = 32;

export async function writeBundle(bundle: Bundle, outDir: string): Promise<void> {
  await mkdir(join(outDir, 'objects'), { recursive: true });
  const objects = [...bundle.objects];
  let next = 0;
  const writer = async (): Promise<void> => {
    while (next < objects.length) {
      const [hash, text] = objects[next++]!;
      await writeFile(join(outDir, 'objects', hash), text);
    }
  };
  await Promise.all(Array.from({ length: Math.min(FILES_AT_ONCE, objects.length) }, writer));
  const pointerFile = join(outDir, 'pointer.json');
  await writeFile(`${pointerFile}.tmp`, `${JSON.stringify(bundle.pointer, null, 2)}\n`);
  await rename(`${pointerFile}.tmp`, pointerFile);
}
