// @ts-check
/**
 * Jest transform for the web app's component tests: @swc/jest, after `import.meta.env` is read from
 * `globalThis.__VITE_ENV__` (set in setup.ts). Vite replaces `import.meta.env` at build time; Jest runs the
 * modules as CommonJS, where `import.meta` is a syntax error.
 */
const { createTransformer } = require('@swc/jest');

module.exports = {
  createTransformer(options) {
    const swc = createTransformer(options);
    const viteEnv = (source) => source.replaceAll('import.meta.env', 'globalThis.__VITE_ENV__');
    return {
      ...swc,
      process: (source, file, config) => swc.process(viteEnv(source), file, config),
      processAsync: (source, file, config) => swc.processAsync(viteEnv(source), file, config),
      getCacheKey: (source, file, config) => `${swc.getCacheKey(viteEnv(source), file, config)}-vite-env`,
    };
  },
};
