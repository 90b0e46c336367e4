import { ACCOUNT_EXPORT_FILENAME } from '@closetly/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** GET /api/account/export with the user's token, saved as closetly-data-export.json (never cached: it is asked for each time). */
export function useExportAccount() {
  return useMutation({
    mutationFn: async () => saveFile(await api.exportAccount(), ACCOUNT_EXPORT_FILENAME),
  });
}
