import { HTTP_ROUTES } from '@closetly/contracts';
import { z } from 'zod';
import type { ApiTransport, CallOptions } from './transport';

/** A JSON file as it came: a page of HTML from a misrouted request is refused, not saved as the export. */
const JsonFile = z.instanceof(Blob).refine((file) => /^application\/json\b/.test(file.type), { message: 'Expected a JSON file' });

/**
 * GET /api/account/export with the bearer token → 200 `application/json`, the AccountExport as a file
 * (Content-Disposition names it ACCOUNT_EXPORT_FILENAME): everything held about the caller. Returned as
 * the Blob the gateway sent, byte for byte, for the caller to save.
 * Errors: 429 with Retry-After and `{error:{code,message}}` when asked too often.
 */
export function exportAccount(transport: ApiTransport, options: CallOptions = {}): Promise<Blob> {
  const { method, path } = HTTP_ROUTES.exportAccount;
  return transport.request({ ...options, method, path, read: 'blob', schema: JsonFile });
}
