import type { ItemInput } from '@closetly/contracts';
import { buildEnvelope, EventInbox } from '@closetly/server';
import { deadLetterRecorder, fakeInboxDatabase, product } from '@closetly/testing';
import { savesServiceFor } from '../test/support/unit-doubles';
import { wardrobePlatformTables } from './db/schema';
import { WardrobeConsumer } from './wardrobe.consumer';

const SHOPPER = { uid: 'shopper-1', sid: 'session-1', roles: [] };
const item = (overrides: Partial<ItemInput> = {}): ItemInput => ({ name: 'Cable Knit Jumper', brand: 'COS', price: 89, sourceUrl: 'https://boutique.example/p/cable-knit', ...overrides });

/** The consumer as the module wires it: a real EventInbox over a fake database, the real SavesService over in-memory saves. */
function setup() {
  const saves = savesServiceFor();
  const database = fakeInboxDatabase();
  const { transport, deadLetters } = deadLetterRecorder();
  const consumer = new WardrobeConsumer(new EventInbox('wardrobe', database.db, wardrobePlatformTables, transport), saves.service);
  return { ...saves, ...database, consumer, deadLetters };
}

const upserted = (published: ReturnType<typeof product>) => buildEnvelope('catalogue.product-upserted.v1', published.id, { product: published });

describe('WardrobeConsumer', () => {
  describe('catalogue.product-upserted.v1', () => {
    it('keeps the product’s gender and category for the items that show it, in the inbox’s transaction', async () => {
      const { consumer, service, repository, tx, claims } = setup();
      const saved = await service.save(SHOPPER, item());
      const event = upserted(product({ id: saved.id, gender: 'Women', category: 'outerwear' }));
      await consumer.onProductUpserted(event);

      await expect(service.find(SHOPPER, saved.id)).resolves.toMatchObject({ gender: 'Women', category: 'outerwear' });
      expect(repository.upsertClassification).toHaveBeenCalledWith(saved.id, { gender: 'Women', category: 'outerwear' }, tx);
      expect(claims).toEqual([{ eventId: event.id, consumer: 'wardrobe', topic: 'catalogue.product-upserted.v1' }]);
    });

    it('has no second effect for an event id it already processed', async () => {
      const { consumer, service, repository } = setup();
      const saved = await service.save(SHOPPER, item());
      const event = upserted(product({ id: saved.id, gender: 'Women' }));
      await consumer.onProductUpserted(event);
      await consumer.onProductUpserted(event);
      await consumer.onProductUpserted({ ...event, payload: { product: product({ id: saved.id, gender: 'Men' }) } });

      expect(repository.upsertClassification).toHaveBeenCalledTimes(1);
      await expect(service.find(SHOPPER, saved.id)).resolves.toMatchObject({ gender: 'Women' });
    });

    it('dead-letters a malformed payload or envelope instead of throwing, with no effect', async () => {
      const { consumer, repository, deadLetters, claims } = setup();
      const badPayload = { ...upserted(product()), payload: { product: { id: 'not-a-uuid' } } };
      await expect(consumer.onProductUpserted(badPayload)).resolves.toBeUndefined();
      await expect(consumer.onProductUpserted('not an envelope')).resolves.toBeUndefined();

      expect(deadLetters).toEqual([
        { topic: 'catalogue.product-upserted.v1', original: badPayload, reason: expect.stringMatching(/^wardrobe: invalid payload/) },
        { topic: 'catalogue.product-upserted.v1', original: 'not an envelope', reason: expect.stringMatching(/^wardrobe: invalid envelope/) },
      ]);
      expect(repository.upsertClassification).not.toHaveBeenCalled();
      expect(claims).toEqual([]);
    });

    it('rethrows a failure of its effect, so the event is delivered again and then applied', async () => {
      const { consumer, service, repository, deadLetters } = setup();
      const saved = await service.save(SHOPPER, item());
      const event = upserted(product({ id: saved.id, gender: 'Men' }));
      repository.upsertClassification.mockRejectedValueOnce(new Error('connection reset'));

      await expect(consumer.onProductUpserted(event)).rejects.toThrow('connection reset');
      await consumer.onProductUpserted(event);

      expect(deadLetters).toEqual([]);
      await expect(service.find(SHOPPER, saved.id)).resolves.toMatchObject({ gender: 'Men' });
    });
  });

  describe('catalogue.product-removed.v1', () => {
    it('drops the product from every wardrobe, once per event id', async () => {
      const { consumer, service, repository, saves, tx } = setup();
      const saved = await service.save(SHOPPER, item());
      const event = buildEnvelope('catalogue.product-removed.v1', saved.id, { productId: saved.id });
      await consumer.onProductRemoved(event);
      await consumer.onProductRemoved(event);

      expect(saves.size).toBe(0);
      expect(repository.deleteProduct).toHaveBeenCalledTimes(1);
      expect(repository.deleteProduct).toHaveBeenCalledWith(saved.id, tx);
    });

    it('dead-letters a removal without a product id', async () => {
      const { consumer, deadLetters, repository } = setup();
      await consumer.onProductRemoved({ ...buildEnvelope('catalogue.product-removed.v1', 'k', { productId: product().id }), payload: {} });

      expect(deadLetters).toHaveLength(1);
      expect(repository.deleteProduct).not.toHaveBeenCalled();
    });
  });
});
