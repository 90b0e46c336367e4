import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { PGliteOptions } from '@electric-sql/pglite';

/**
 * PGlite's two big files, prepared ahead of an open: its WebAssembly compiled (V8 compiles it on background
 * threads) and its file-system bundle read (Postgres's share folder). PGlite.create takes both as options
 * (pgliteWasmModule, fsBundle); without them it reads and compiles them itself when a database is opened.
 *
 * Its own module, importing only Node's built-ins (and PGlite's types), so the embedded entry can start this
 * before it loads the rest of the product (apps/all-in-one/src/load-pglite-early.ts): the reading and the
 * compiling then happen while the main thread loads Nest and the services, not after (BENCH_ONLY=footprint).
 */
export interface PgliteArtifacts {
  pgliteWasmModule: WasmModule;
  fsBundle: Blob;
}

type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
/** Node's WebAssembly global: the project's TypeScript libraries (ES2023 and Node's types) do not declare it. */
const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } };

let early: Promise<PgliteArtifacts> | undefined;

/** Starts preparing the artifacts for the next database this process opens (a second call while they wait does nothing). */
export function preparePgliteEarly(): void {
  if (early) return;
  // The package's files sit beside its entry (dist/index.cjs), where PGlite itself looks for them.
  const folder = dirname(require.resolve('@electric-sql/pglite'));
  early = Promise.all([readFile(join(folder, 'pglite.wasm')).then((bytes) => wasm.compile(bytes)), readFile(join(folder, 'pglite.data'))]).then(
    ([pgliteWasmModule, data]) => ({ pgliteWasmModule, fsBundle: new Blob([data]) }),
  );
  // Whoever takes them sees a failure; until then it must not count as unhandled.
  early.catch(() => undefined);
}

/**
 * The prepared artifacts, handed to one open only (undefined when none were prepared), so a running product
 * keeps no second copy of the 6 MB bundle; any later open in the process reads and compiles its own.
 * A failed preparation answers undefined: the open then reads the files itself, as without it.
 */
export async function takePgliteArtifacts(): Promise<PgliteArtifacts | undefined> {
  const taken = early;
  early = undefined;
  return taken?.catch(() => undefined);
}
