import { type Caller, EXTENSION_TOKEN_SCOPE_MESSAGE } from '@closetly/contracts';
import { allExportPages, mockOf } from '@closetly/testing';
import { AccountDataRepository, type FeedbackRow, type PriceObservationRow } from './account-data.repository';
import { AccountDataService } from './account-data.service';

const ADA: Caller = { uid: 'ada', sid: 's-1', roles: [] };
const ADA_EXTENSION: Caller = { ...ADA, scope: 'extension' };
const ADMIN: Caller = { uid: 'admin-1', sid: 's-2', roles: ['admin'] };
const PRODUCT = '5f0c2b56-5a3f-4c1e-9a51-0b8f0c7b8a11';
const T0 = Date.UTC(2026, 2, 1);
const EXTENSION_REFUSED = { code: 'FORBIDDEN', message: EXTENSION_TOKEN_SCOPE_MESSAGE };
const BAD_CURSOR = { code: 'VALIDATION_FAILED' };
const voteId = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
const productOfVote = (index: number) => `5f0c2b56-5a3f-4c1e-9a51-${String(index).padStart(12, '0')}`;

/** AccountDataRepository over arrays, with the keyset queries' semantics. */
function setup() {
  const observations: PriceObservationRow[] = [];
  const feedback: FeedbackRow[] = [];
  const repository = mockOf(AccountDataRepository);
  repository.priceObservationsAfter.mockImplementation(async (userId, afterId, limit) =>
    observations.filter((row) => row.userId === userId && (afterId === null || row.id > afterId)).sort((a, b) => a.id - b.id).slice(0, limit),
  );
  const position = (row: FeedbackRow) => `${row.createdAtMicros.padStart(20, '0')}|${row.id}`;
  repository.itemFeedbackAfter.mockImplementation(async (userId, after, limit) =>
    feedback
      .filter((row) => row.userId === userId && (after === null || position(row) > `${after.createdAtMicros.padStart(20, '0')}|${after.id}`))
      .sort((a, b) => position(a).localeCompare(position(b)))
      .slice(0, limit),
  );
  const observe = (userId: string, count: number) => {
    for (let index = 0; index < count; index += 1) {
      observations.push({ id: observations.length + 1, productId: PRODUCT, userId, source: 'capture', amount: 10 + index, currency: 'USD', priceText: `$${10 + index}`, observedAt: new Date(T0 + index * 1000) });
    }
  };
  /** A vote given `micros` microseconds after T0; ids ascend with the index, so votes of one instant have a known order. */
  const vote = (userId: string, micros: number, index: number) => {
    const createdAtMicros = String(T0 * 1000 + micros);
    feedback.push({ id: voteId(index), productId: productOfVote(index), userId, voter: `user:${userId}`, gender: 'Women', createdAt: new Date(T0 + Math.floor(micros / 1000)), createdAtMicros });
  };
  return { service: new AccountDataService(repository), repository, observations, observe, vote };
}

describe('AccountDataService', () => {
  describe('exportPriceObservations', () => {
    it('pages through the caller’s observations in id order, the last page with no next, and nobody else’s', async () => {
      const { service, observe } = setup();
      observe('ada', 4);
      observe('bob', 2);
      observe('ada', 3);

      const pages = await allExportPages((after) => service.exportPriceObservations(ADA, after, 3));

      expect(pages.map((page) => page.items.length)).toEqual([3, 3, 1]);
      expect(pages.map((page) => page.next)).toEqual(['3', '8', null]);
      expect(pages.flatMap((page) => page.items.map((item) => item.amount))).toEqual([10, 11, 12, 13, 10, 11, 12]);
      expect(pages[0]?.items[0]).toEqual({ productId: PRODUCT, amount: 10, currency: 'USD', priceText: '$10', observedAt: new Date(T0).toISOString(), source: 'capture' });
    });

    it('says which observations were the extension\'s reads of a saved page', async () => {
      const { service, observations } = setup();
      observations.push({ id: 1, productId: PRODUCT, userId: 'ada', source: 'shopper', amount: 9, currency: 'USD', priceText: '$9', observedAt: new Date(T0) });
      const page = await service.exportPriceObservations(ADA, null, 10);
      expect(page.items).toEqual([expect.objectContaining({ amount: 9, source: 'shopper' })]);
    });

    it('ends on a full last page without an empty one after it', async () => {
      const { service, observe } = setup();
      observe('ada', 4);

      const pages = await allExportPages((after) => service.exportPriceObservations(ADA, after, 2));

      expect(pages.map((page) => [page.items.length, page.next])).toEqual([
        [2, '2'],
        [2, null],
      ]);
    });

    it.each(['abc', '-1', '1.5', '1e3', ' 1', '', '1234567890123456', "1; drop table catalogue.captures", '12|00000000-0000-4000-8000-000000000001'])(
      'refuses the malformed cursor %j without a query',
      async (cursor) => {
        const { service, repository } = setup();
        await expect(service.exportPriceObservations(ADA, cursor, 10)).rejects.toMatchObject(BAD_CURSOR);
        expect(repository.priceObservationsAfter).not.toHaveBeenCalled();
      },
    );

    it('refuses the extension’s token', async () => {
      const { service, repository } = setup();
      await expect(service.exportPriceObservations(ADA_EXTENSION, null, 10)).rejects.toMatchObject(EXTENSION_REFUSED);
      expect(repository.priceObservationsAfter).not.toHaveBeenCalled();
    });
  });

  describe('exportItemFeedback', () => {
    it('pages through the caller’s votes oldest first, votes of one instant in id order', async () => {
      const { service, vote } = setup();
      vote('ada', 5, 3);
      vote('ada', 5, 1);
      vote('bob', 6, 9);
      vote('ada', 1, 7);
      vote('ada', 9, 2);

      const pages = await allExportPages((after) => service.exportItemFeedback(ADA, after, 2));

      expect(pages.map((page) => page.items.length)).toEqual([2, 2]);
      expect(pages[0]?.next).toBe(`${T0 * 1000 + 5}|${voteId(1)}`);
      expect(pages[1]?.next).toBeNull();
      expect(pages.flatMap((page) => page.items.map((item) => item.productId))).toEqual([7, 1, 3, 2].map(productOfVote));
      expect(pages[0]?.items[0]).toEqual({ productId: productOfVote(7), gender: 'Women', createdAt: new Date(T0).toISOString() });
    });

    it.each(['abc', '12', '12|', '|00000000-0000-4000-8000-000000000001', '12|not-a-uuid', '12345678901234567|00000000-0000-4000-8000-000000000001', '-5|00000000-0000-4000-8000-000000000001', "1|x' or 1=1 --"])(
      'refuses the malformed cursor %j without a query',
      async (cursor) => {
        const { service, repository } = setup();
        await expect(service.exportItemFeedback(ADA, cursor, 10)).rejects.toMatchObject(BAD_CURSOR);
        expect(repository.itemFeedbackAfter).not.toHaveBeenCalled();
      },
    );

    it('hands the repository the position a cursor names', async () => {
      const { service, repository } = setup();
      await service.exportItemFeedback(ADA, '1772323200000005|00000000-0000-4000-8000-000000000001', 10);
      expect(repository.itemFeedbackAfter).toHaveBeenCalledWith('ada', { createdAtMicros: '1772323200000005', id: '00000000-0000-4000-8000-000000000001' }, 11);
    });

    it('refuses the extension’s token', async () => {
      const { service, repository } = setup();
      await expect(service.exportItemFeedback(ADA_EXTENSION, null, 10)).rejects.toMatchObject(EXTENSION_REFUSED);
      expect(repository.itemFeedbackAfter).not.toHaveBeenCalled();
    });
  });

  describe('dataHeld', () => {
    it('answers an administrator the user’s rows per table', async () => {
      const { service, repository } = setup();
      repository.countHeld.mockResolvedValue({ captures: 2, active_saves: 1, price_observations: 3, gender_feedback: 0 });

      await expect(service.dataHeld(ADMIN, 'ada')).resolves.toEqual({ captures: 2, active_saves: 1, price_observations: 3, gender_feedback: 0 });
      expect(repository.countHeld).toHaveBeenCalledWith('ada');
    });

    it('refuses anyone but an administrator', async () => {
      const { service, repository } = setup();
      await expect(service.dataHeld(ADA, 'ada')).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Unauthorized access.' });
      expect(repository.countHeld).not.toHaveBeenCalled();
    });
  });
});
