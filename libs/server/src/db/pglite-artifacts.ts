import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PGliteOptions } from '@electric-sql/pglite';

/**
 * PGlite's WebAssembly, compiled ahead of an open: PGlite.create takes the compiled module as an option
 * (pgliteWasmModule); without it, it reads and compiles pglite.wasm itself when a database is opened.
 *
 * Its own module, importing only Node's built-ins (and PGlite's types), so the embedded entry can start this
 * before it loads the rest of the product (apps/all-in-one/src/load-pglite-early.ts): V8 then compiles the
 * 9 MB module on its background threads while the main thread loads Nest and the services, not after
 * (BENCH_ONLY=footprint). The file is read synchronously: a callback would wait for the module loading
 * (synchronous too) to end before the compile could start.
 */
type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
/** Node's WebAssembly global: the project's TypeScript libraries (ES2023 and Node's types) do not declare it. */
const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } };

let early: Promise<WasmModule> | undefined;

/** Starts compiling PGlite's WebAssembly for the next database this process opens (a second call while it waits does nothing). */
export function preparePgliteEarly(): void {
  if (early) return;
  // The package's files sit beside its entry (dist/index.cjs), where PGlite itself looks for them.
  early = wasm.compile(readFileSync(join(dirname(require.resolve('@electric-sql/pglite')), 'pglite.wasm')));
  // Whoever takes it sees a failure; until then it must not count as unhandled.
  early.catch(() => undefined);
}

/**
 * The options for one open (empty when nothing was prepared): the compiled module, handed to one open only;
 * PGlite compiles its own for any later one, as it always did. A failed compile answers nothing, and the
 * open then compiles the file itself, as without it.
 */
export async function takePgliteArtifacts(): Promise<{ pgliteWasmModule?: WasmModule }> {
  const taken = early;
  early = undefined;
  const pgliteWasmModule = await taken?.catch(() => undefined);
  return pgliteWasmModule ? { pgliteWasmModule } : {};
}
