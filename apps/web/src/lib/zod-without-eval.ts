import { z } from 'zod';

/**
 * The page's CSP allows no eval (script-src 'self'). Zod would probe for it with `new Function`
 * when the first object schema is built, and the browser reports that probe as a violation even
 * though zod catches it: jitless schemas never probe. Imported first by main.tsx, and bundled into
 * zod's own chunk (vite.config.ts), so it runs before any module, in any chunk, builds a schema.
 */
z.config({ jitless: true });
