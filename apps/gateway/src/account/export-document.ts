import type { ExportPageOf } from '@closetly/contracts';

export interface ExportDocumentParts {
  /** The short parts, written first as they are. */
  head: Record<string, unknown>;
  /** The long parts, each read a page at a time (`after`: null for the first page) and written as a JSON array. */
  lists: Record<string, (after: string | null) => Promise<ExportPageOf<unknown>>>;
}

/**
 * The export as a stream of JSON text: the head's fields, then each list's items page by page, so memory holds one
 * page however long the lists are. A page that fails ends the stream with that error (the download breaks rather
 * than passing for complete). The text is one JSON object, the head's fields first.
 */
export async function* exportDocument({ head, lists }: ExportDocumentParts): AsyncGenerator<string> {
  const headText = JSON.stringify(head);
  const listNames = Object.keys(lists);
  if (listNames.length === 0) {
    yield headText;
    return;
  }
  yield headText === '{}' ? '{' : `${headText.slice(0, -1)},`;
  for (const [listIndex, name] of listNames.entries()) {
    yield `${JSON.stringify(name)}:[`;
    const readPage = lists[name] as ExportDocumentParts['lists'][string];
    let after: string | null = null;
    let first = true;
    do {
      const page: ExportPageOf<unknown> = await readPage(after);
      if (page.items.length > 0) {
        yield `${first ? '' : ','}${page.items.map((item) => JSON.stringify(item)).join(',')}`;
        first = false;
      }
      // A cursor that does not move would loop forever: treat it as the end.
      after = page.next !== null && page.next !== after ? page.next : null;
    } while (after !== null);
    yield listIndex === listNames.length - 1 ? ']}' : '],';
  }
}
