import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const root = fileURLToPath(new URL('.', import.meta.url));
/** The gateway in local development (`npm start`). */
const gateway = 'http://127.0.0.1:8080';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What the build writes that compresses: scripts, styles, the page, icons and the service worker. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this, the headers weigh more than what compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every text file of the build,
 * once the service worker is generated. The gateway sends them (@fastify/static `preCompressed`) to
 * browsers that accept them, so assets leave compressed at no cost per request. A variant that would
 * not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'closetly:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      // After vite-plugin-pwa's closeBundle, which writes the service worker.
      order: 'post',
      sequential: true,
      async handler() {
        const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
        const files = entries.filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name)).map((entry) => join(entry.parentPath, entry.name));
        await Promise.all(
          files.map(async (file) => {
            const content = await readFile(file);
            if (content.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
              gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            if (br.length < content.length) await writeFile(`${file}.br`, br);
            if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
          }),
        );
      },
    },
  };
}

export default defineConfig({
  root,
  base: '/',
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  plugins: [
    react(),
    VitePWA({
      strategies: 'generateSW',
      filename: 'service-worker.js',
      // Registered by src/lib/service-worker.ts (on load, update check every 60 minutes).
      injectRegister: false,
      // A new worker waits until every tab of the old version is closed, so a page never mixes versions.
      registerType: 'prompt',
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webp,woff2}'],
        navigateFallback: 'index.html',
        // Never answer API (or health) requests from the worker; it has no runtime caching at all.
        // The reset page comes from the network too: only the gateway's answer for it says no-referrer,
        // and its URL carries the token.
        navigateFallbackDenylist: [/^\/api(?:\/|$)/, /^\/(?:health|ready)$/, /^\/reset-password(?:[/?]|$)/i],
        cleanupOutdatedCaches: true,
      },
    }),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the app supports knows <link rel="modulepreload">; no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // React (with the router) and zod change less often than the app: chunks of their own stay
        // cached across releases. Other libraries go with the code that uses them, so a lazy route's
        // libraries come with it: one catch-all vendor chunk would be part of every page's first load.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 2 },
            // Zod decides at construction whether an object schema compiles with `new Function`, so its
            // jitless setting (src/lib/zod-without-eval.ts) must run before any chunk that builds schemas:
            // it shares zod's chunk, which they all import.
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-without-eval\.ts$/, priority: 2 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: gateway } },
  },
  preview: {
    proxy: { '/api': { target: gateway } },
  },
});
