import type { ExportPageOf } from '@closetly/contracts';
import { exportDocument } from './export-document';

const collect = async (chunks: AsyncIterable<string>): Promise<string[]> => {
  const out: string[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
};

/** A paged list of `count` numbered items, `size` per page, recording which cursors were asked for. */
function pagedList(count: number, size: number) {
  const asked: Array<string | null> = [];
  const read = async (after: string | null): Promise<ExportPageOf<{ n: number }>> => {
    asked.push(after);
    const start = after === null ? 0 : Number(after);
    const items = Array.from({ length: Math.max(0, Math.min(size, count - start)) }, (_, offset) => ({ n: start + offset }));
    return { items, next: start + size < count ? String(start + size) : null };
  };
  return { read, asked };
}

describe('exportDocument', () => {
  it('writes one JSON object: the head’s fields, then every item of each list in order, across pages', async () => {
    const saves = pagedList(1203, 500);
    const feedback = pagedList(0, 500);
    const text = (await collect(exportDocument({ head: { format: 'f/1', account: { email: 'a@b.c' } }, lists: { saves: saves.read, itemFeedback: feedback.read } }))).join('');

    const parsed = JSON.parse(text) as { format: string; account: unknown; saves: Array<{ n: number }>; itemFeedback: unknown[] };
    expect(Object.keys(parsed)).toEqual(['format', 'account', 'saves', 'itemFeedback']);
    expect(parsed.saves.map((save) => save.n)).toEqual(Array.from({ length: 1203 }, (_, n) => n));
    expect(parsed.itemFeedback).toEqual([]);
    expect(saves.asked).toEqual([null, '500', '1000']);
  });

  it('yields a page at a time, never the whole list in one chunk', async () => {
    const saves = pagedList(1500, 500);
    const chunks = await collect(exportDocument({ head: {}, lists: { saves: saves.read } }));
    expect(chunks.filter((chunk) => chunk.includes('"n"'))).toHaveLength(3);
    expect(JSON.parse(chunks.join(''))).toEqual({ saves: Array.from({ length: 1500 }, (_, n) => ({ n })) });
  });

  it('stops on a cursor that does not move instead of looping', async () => {
    const stuck = async () => ({ items: [{ n: 1 }], next: 'same' });
    const text = (await collect(exportDocument({ head: {}, lists: { saves: stuck } }))).join('');
    expect(JSON.parse(text)).toEqual({ saves: [{ n: 1 }, { n: 1 }] });
  });

  it('ends with the error of a failing page, so a broken download never passes for complete', async () => {
    const failing = async (after: string | null) => {
      if (after) throw new Error('wardrobe unavailable');
      return { items: [{ n: 0 }], next: 'x' };
    };
    await expect(collect(exportDocument({ head: { a: 1 }, lists: { saves: failing } }))).rejects.toThrow('wardrobe unavailable');
  });
});
