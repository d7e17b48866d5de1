// A Vite plugin for the test projects that drops one warning: a dependency's published sourcemap that
// names source files the package does not ship (oauth4webapi's build/index.js.map does). Vite then
// maps that file without its sources — only a stack trace through the package is less detailed — and
// the warning, printed on a clean clone's first run, is about the package, not this project.
// vitest replaces a configured customLogger with its own, so the plugin wraps the logger Vite
// resolved.
import type { Plugin } from 'vite';

const DEPENDENCY_SOURCEMAP_WITHOUT_SOURCES =
  /^Sourcemap for ".*\/node_modules\/.*" points to missing source files$/;

export function quietDependencySourcemaps(): Plugin {
  return {
    name: 'praxis:quiet-dependency-sourcemaps',
    configResolved(config) {
      const warnOnce = config.logger.warnOnce.bind(config.logger);
      config.logger.warnOnce = (message, options) => {
        if (DEPENDENCY_SOURCEMAP_WITHOUT_SOURCES.test(message)) return;
        warnOnce(message, options);
      };
    },
  };
}
