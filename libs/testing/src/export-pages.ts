import type { ExportPageOf } from '@closetly/contracts';

/** More pages than any test's export has: a cursor that never reaches the end fails the test instead of looping. */
const MAX_PAGES = 100;

/** Every page of an export list, read as the gateway reads it: from the start, then each `next` until it is null. */
export async function allExportPages<TItem>(read: (after: string | null) => Promise<ExportPageOf<TItem>>): Promise<Array<ExportPageOf<TItem>>> {
  const pages: Array<ExportPageOf<TItem>> = [];
  let after: string | null = null;
  do {
    const page: ExportPageOf<TItem> = await read(after);
    pages.push(page);
    after = page.next;
    if (pages.length > MAX_PAGES) throw new Error(`the export did not end after ${MAX_PAGES} pages`);
  } while (after !== null);
  return pages;
}
