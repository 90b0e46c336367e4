import { preparePgliteEarly } from '@closetly/server/pglite-artifacts';

/*
 * The entry's first import, so this runs before any other module of the product is loaded: PGlite's
 * WebAssembly is read and compiled, and its file-system bundle read, on other threads while the main
 * thread loads Nest and the services (about 1,500 modules), and the database opens with them ready.
 */
preparePgliteEarly();
