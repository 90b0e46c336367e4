/**
 * `npm run build:extension`: the Chrome extension into extension/dist/unpacked
 * (load it with "Load unpacked") and extension/dist/closetly-extension.zip
 * (for the store, and served by the gateway at /downloads/closetly-extension.zip).
 *
 * Settings (environment):
 *   EXTENSION_WEB_ORIGINS  the Closetly web origins, comma-separated (default: the local
 *                          gateway, http://127.0.0.1:8080 and http://localhost:8080);
 *                          they become externally_connectable and the host permissions
 *   EXTENSION_WEB_URL      where the popup's Sign in and My Wardrobe links go before a web
 *                          origin signed the extension in (default: the first origin)
 *   EXTENSION_KEY          the public key fixing the side-loaded extension's id (default: the
 *                          development key below, whose id the web app's build expects);
 *                          "none" for a store upload, where the store assigns the id
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { build } from 'vite';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { buildManifest } from './src/manifest';

const ROOT = __dirname;
const OUT = join(ROOT, 'dist', 'unpacked');
export const ZIP_PATH = join(ROOT, 'dist', 'closetly-extension.zip');

/** The development key: its extension id, biimnflmieaonbnklpgcbelpedianjpk, is the web app's default VITE_EXTENSION_ID. */
export const DEV_EXTENSION_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA3P5LiNLveVsTcpuw8HQGtOL7sc5x9aBm6gpNWDjRwEvTULVeDB5WIxUUQifmTmTzuq/HwChGJCAjYEX5UuWAtxCYSZ23Za6/3TudV6CTCt+C9FJrnGctnwgHt9J6+OYbOOuk5sHLckcsIuxYP9hs+5ldjQevh8FDjyGbje9L6PZbAHew9ybxNJ+oU/NMlniuT45TojLXrrkgkHW2s0sa6j2Z9h3Y+8P4EE6xU8DY76eVHdicga9xNaEy9lUdtHfX1OH7+VO//caSmRDrlRBdhg/mGpTFobloN9qIyyD/B1WMKsRuj48VTIyqVc8zXImT3dXVVdWOePArN9KxaXj2pQIDAQAB';

const ICON = (saved: boolean) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128">
  <rect width="128" height="128" rx="28" fill="#1d1b19"/>
  <path d="M64 26c-8 0-14 6-14 13h10c0-2 2-4 4-4s4 2 4 4c0 3-2 4-5 6l-3 2v8L22 86c-5 3-3 10 3 10h78c6 0 8-7 3-10L69 55v-3c6-4 9-8 9-13 0-7-6-13-14-13z" fill="#fff"/>
  ${saved ? '<circle cx="96" cy="96" r="30" fill="#1f7a4d" stroke="#fff" stroke-width="6"/><path d="M81 96l10 10 20-21" fill="none" stroke="#fff" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>' : ''}
</svg>`;

async function main(): Promise<void> {
  const webOrigins = (process.env.EXTENSION_WEB_ORIGINS ?? 'http://127.0.0.1:8080,http://localhost:8080').split(',').map((origin) => origin.trim()).filter(Boolean);
  const webUrl = (process.env.EXTENSION_WEB_URL ?? webOrigins[0] ?? '').replace(/\/+$/, '');
  const key = process.env.EXTENSION_KEY === 'none' ? undefined : (process.env.EXTENSION_KEY ?? DEV_EXTENSION_KEY);
  const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };

  await rm(join(ROOT, 'dist'), { recursive: true, force: true });
  await mkdir(join(OUT, 'icons'), { recursive: true });

  // Vite (Rollup) rather than esbuild alone: it tree-shakes zod's namespace object, which esbuild keeps whole (450 KB).
  const bundle = (entry: string, fileName: string, format: 'es' | 'iife') =>
    build({
      configFile: false,
      logLevel: 'warn',
      define: { 'process.env.NODE_ENV': '"production"', __CLOSETLY_WEB_URL__: JSON.stringify(webUrl) },
      esbuild: { jsx: 'automatic', legalComments: 'none' },
      build: {
        outDir: OUT,
        emptyOutDir: false,
        target: 'chrome116',
        minify: true,
        copyPublicDir: false,
        modulePreload: false,
        lib: { entry: join(ROOT, 'src', entry), formats: [format], fileName: () => fileName, name: 'closetlyCapture' },
      },
    });
  await bundle('background.ts', 'background.js', 'es');
  // Injected with chrome.scripting: a classic script, not a module.
  await bundle('capture.ts', 'capture.js', 'iife');
  await bundle('popup/popup.tsx', 'popup.js', 'es');
  await writeFile(join(OUT, 'popup.html'), await readFile(join(ROOT, 'src', 'popup', 'index.html')));
  await writeFile(join(OUT, 'popup.css'), await readFile(join(ROOT, 'src', 'popup', 'popup.css')));
  await Promise.all(
    [16, 32, 48, 128].flatMap((size) => [
      sharp(Buffer.from(ICON(false))).resize(size, size).png().toFile(join(OUT, 'icons', `icon-${size}.png`)),
      sharp(Buffer.from(ICON(true))).resize(size, size).png().toFile(join(OUT, 'icons', `saved-${size}.png`)),
    ]),
  );
  await writeFile(join(OUT, 'manifest.json'), `${JSON.stringify(buildManifest({ version, webOrigins, ...(key ? { key } : {}) }), null, 2)}\n`);

  const files: Record<string, Uint8Array> = {};
  for (const file of ['manifest.json', 'background.js', 'capture.js', 'popup.html', 'popup.css', 'popup.js', ...[16, 32, 48, 128].flatMap((size) => [`icons/icon-${size}.png`, `icons/saved-${size}.png`])]) {
    files[file] = await readFile(join(OUT, file));
  }
  const zip = zipSync(files, { level: 9, mtime: new Date('2026-01-01T00:00:00Z') });
  await writeFile(ZIP_PATH, zip);
  process.stdout.write(`Extension ${version} built in ${relative(process.cwd(), OUT)}; ${relative(process.cwd(), ZIP_PATH)} is ${(zip.length / 1000).toFixed(1)} KB\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
