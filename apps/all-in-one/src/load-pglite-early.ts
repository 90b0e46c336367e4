import { preparePgliteEarly } from '@closetly/server/pglite-artifacts';

/*
 * The entry's first import, so this runs before any other module of the product is loaded: PGlite's
 * WebAssembly is compiled on V8's background threads while the main thread loads Nest and the services
 * (about 1,500 modules), and the database opens with it ready.
 */
preparePgliteEarly();
