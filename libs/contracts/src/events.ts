import { z } from 'zod';
import { IdentityAccountRegistered, ProfileUpdated } from './profile';
import { CatalogueProductRemoved, CatalogueProductUpserted, WardrobeItemRemoved, WardrobeItemSaved } from './catalogue';
import { RetentionProductExpired } from './retention';
import { IdentityAccountDeleted } from './account';
import { IdentityEmailConfirmed, PagesProductObserved } from './trust';
import { CataloguePriceChanged, ProfileNotificationCreated } from './price-watch';

/**
 * Every event on the bus has this envelope (STYLE.md "Events"). Consumers are
 * idempotent on `id`; the Kafka message key is the aggregate id so one
 * aggregate's events stay ordered.
 */
export const EventEnvelope = z.object({
  id: z.string().uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.string().datetime(),
  correlationId: z.string().min(1).max(200),
  /** The span that wrote it (W3C traceparent): consumers continue its trace. Absent in events written before traces. */
  traceparent: z.string().max(55).optional(),
  key: z.string().min(1),
  payload: z.unknown(),
});
export type EventEnvelope<TPayload = unknown> = Omit<z.infer<typeof EventEnvelope>, 'payload'> & {
  payload: TPayload;
};

/**
 * An operator's probe through the event pipeline: written to a service's
 * outbox, it proves outbox → relay → bus → inbox works end to end.
 */
export const PlatformProbeRecorded = z.object({
  probeId: z.string().min(1),
  from: z.string().min(1),
});
export type PlatformProbeRecorded = z.infer<typeof PlatformProbeRecorded>;

/**
 * The one typed map of topics to payload schemas. Topics are named
 * `<service>.<fact>.v<n>`. Later issues add the domain events here.
 */
export const EVENT_TOPICS = {
  'platform.probe-recorded.v1': PlatformProbeRecorded,
  'catalogue.product-upserted.v1': CatalogueProductUpserted,
  'catalogue.product-removed.v1': CatalogueProductRemoved,
  'catalogue.price-changed.v1': CataloguePriceChanged,
  'wardrobe.item-saved.v1': WardrobeItemSaved,
  'wardrobe.item-removed.v1': WardrobeItemRemoved,
  'identity.account-registered.v1': IdentityAccountRegistered,
  'identity.account-deleted.v1': IdentityAccountDeleted,
  'identity.email-confirmed.v1': IdentityEmailConfirmed,
  'pages.product-observed.v1': PagesProductObserved,
  'profile.updated.v1': ProfileUpdated,
  'profile.notification-created.v1': ProfileNotificationCreated,
  'retention.product-expired.v1': RetentionProductExpired,
} as const;

export type EventTopic = keyof typeof EVENT_TOPICS;
export type EventPayload<T extends EventTopic> = z.infer<(typeof EVENT_TOPICS)[T]>;

/**
 * Topics kept compacted (Kafka keeps at least the latest message of each key, forever): the catalogue's
 * product events, keyed by product id. Together they say what the catalogue holds now, so the search
 * index can be rebuilt from them alone (apps/search/src/rebuild/compacted-topics.source.ts).
 */
export const COMPACTED_TOPICS: readonly EventTopic[] = ['catalogue.product-upserted.v1', 'catalogue.product-removed.v1'];

/** Messages that can never be processed go to `<topic>.dlt` with the reason. */
export const deadLetterTopic = (topic: string): string => `${topic}.dlt`;

export const CORRELATION_ID_HEADER = 'x-correlation-id';
