import { z } from 'zod';

/** Extension pages and the worker allow no eval: jitless schemas never probe for it (see the web app's twin). */
z.config({ jitless: true });
