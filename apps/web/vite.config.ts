import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const root = fileURLToPath(new URL('.', import.meta.url));
/** The gateway in local development (`npm start`). */
const gateway = 'http://127.0.0.1:8080';

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
        navigateFallbackDenylist: [/^\/api(?:\/|$)/, /^\/(?:health|ready)$/],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases
        // (and keep every chunk under the 500 kB warning).
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 2 },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 1 },
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
