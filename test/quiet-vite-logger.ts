// Vite's logger for the test projects, without one warning: a dependency's published sourcemap that
// names source files the package does not ship (oauth4webapi's build/index.js.map does). Vite then
// maps that file without its sources — only a stack trace through the package is less detailed — and
// the warning, printed on a clean clone's first run, is about the package, not this project.
import { createLogger, type Logger } from 'vite';

const DEPENDENCY_SOURCEMAP_WITHOUT_SOURCES = /^Sourcemap for ".*\/node_modules\/.*" points to missing source files$/;

export function quietViteLogger(): Logger {
  const logger = createLogger();
  const warnOnce = logger.warnOnce.bind(logger);
  logger.warnOnce = (message, options) => {
    if (DEPENDENCY_SOURCEMAP_WITHOUT_SOURCES.test(message)) return;
    warnOnce(message, options);
  };
  return logger;
}
