// `praxis dev --watch`: a content change triggers one rebuild after the edits settle (editors write
// a file in several steps); rebuilds never overlap — changes made during one trigger the next.
import { watch } from 'node:fs';

export interface ContentWatcher {
  close(): void;
}

export function watchContent(
  dir: string,
  rebuild: () => Promise<void>,
  debounceMs = 300,
): ContentWatcher {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const start = () => {
    if (running) {
      again = true;
      return;
    }
    running = rebuild()
      .catch((error: Error) => console.error(`praxis: rebuild failed: ${error.message}`))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          start();
        }
      });
  };
  const watcher = watch(dir, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(start, debounceMs);
  });
  return {
    close() {
      clearTimeout(timer);
      watcher.close();
    },
  };
}
