import { Controller, Inject, Logger } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type EventEnvelope, type EventPayload, type EventTopic, type LiveEvent, SAVERS_PAGE_LIMIT } from '@closetly/contracts';
import { EventHandler, parseEvent, RPC_CLIENT, type RpcClient } from '@closetly/server';
import { LIVE_EVENT_LOG, type LiveEventLog } from './live-event-log';
import { LiveStreams } from './live-streams';

/** Savers read per call when a price change is told to each of them. */
const SAVERS_PAGE = Math.min(1_000, SAVERS_PAGE_LIMIT);

/**
 * Turns the bus's events into each user's live events (issue 26): the wardrobe's saves and removals, the
 * catalogue's price changes (told to every saver of the product) and the profile's alerts. Embedded, the
 * in-process bus calls it; distributed, the gateway replicas share one Kafka group, so each event is
 * appended once and the log tells whichever replicas hold the user's streams. A redelivered event is
 * appended once (its id is the log's once-key). An account's deletion ends its streams everywhere.
 */
@Controller()
export class LiveEventsConsumer {
  private readonly log = new Logger(LiveEventsConsumer.name);

  constructor(
    @Inject(LIVE_EVENT_LOG) private readonly events: LiveEventLog,
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
    private readonly streams: LiveStreams,
  ) {}

  @EventHandler('wardrobe.item-saved.v1')
  async onItemSaved(@Payload() message: unknown): Promise<void> {
    await this.each('wardrobe.item-saved.v1', message, (event) =>
      this.events.append(event.payload.userId, event.id, { type: 'item-saved', productId: event.payload.productId, at: event.occurredAt }),
    );
  }

  @EventHandler('wardrobe.item-removed.v1')
  async onItemRemoved(@Payload() message: unknown): Promise<void> {
    await this.each('wardrobe.item-removed.v1', message, (event) =>
      this.events.append(event.payload.userId, event.id, { type: 'item-removed', productId: event.payload.productId, at: event.occurredAt }),
    );
  }

  @EventHandler('catalogue.price-changed.v1')
  async onPriceChanged(@Payload() message: unknown): Promise<void> {
    await this.each('catalogue.price-changed.v1', message, async (event) => {
      const { product, new: price, currency, observedAt } = event.payload;
      const live: LiveEvent = { type: 'price-changed', productId: product.id, price, currency, at: observedAt };
      let after: string | null = null;
      do {
        const page: { userIds: string[]; next: string | null } = await this.rpc.call('wardrobe.savers-of', { productId: product.id, after, limit: SAVERS_PAGE });
        await Promise.all(page.userIds.map((userId) => this.events.append(userId, event.id, live)));
        after = page.next;
      } while (after !== null);
    });
  }

  @EventHandler('profile.notification-created.v1')
  async onNotificationCreated(@Payload() message: unknown): Promise<void> {
    await this.each('profile.notification-created.v1', message, (event) => {
      const { userId, notificationId, productId, kind, createdAt } = event.payload;
      return this.events.append(userId, event.id, { type: 'alert', productId, notificationId, kind, at: createdAt });
    });
  }

  @EventHandler('identity.account-deleted.v1')
  async onAccountDeleted(@Payload() message: unknown): Promise<void> {
    await this.each('identity.account-deleted.v1', message, (event) => this.streams.endSessions(event.payload.userId, null));
  }

  /**
   * A message that is not a valid event is skipped here: the services' own inboxes park it as a dead letter.
   * An engine failing (Redis, the wardrobe) skips the live event too, rather than stall the partition or
   * end the gateway: live events only announce what the services hold, and clients refetch when their
   * stream comes back (`ready`).
   */
  private async each<T extends EventTopic>(topic: T, message: unknown, apply: (event: EventEnvelope<EventPayload<T>>) => Promise<void>): Promise<void> {
    const parsed = parseEvent(topic, message);
    if ('invalid' in parsed) {
      this.log.warn({ topic, reason: parsed.invalid }, 'an event the live streams cannot use was skipped');
      return;
    }
    try {
      await apply(parsed.event);
    } catch (error) {
      this.log.warn({ err: error, topic, eventId: parsed.event.id }, 'a live event could not be written; open clients catch up when their stream reconnects');
    }
  }
}
