import { z } from 'zod';

/** A 204 No Content answer; any body a server might add is ignored. */
export const NoContent = z.unknown().transform((): void => undefined);
