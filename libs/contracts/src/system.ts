import { z } from 'zod';

/** Events a service has committed and not yet put on the bus, and how long the oldest has waited. */
export const OutboxBacklog = z.object({
  pending: z.number().int().nonnegative(),
  /** Seconds since the oldest pending event was written; null when none is pending. */
  oldestPendingSeconds: z.number().int().nonnegative().nullable(),
});
export type OutboxBacklog = z.infer<typeof OutboxBacklog>;

/** How far a consumer group is behind on one partition: events on the broker it has not committed yet. */
export const PartitionLag = z.object({ topic: z.string(), partition: z.number().int().nonnegative(), lag: z.number().int().nonnegative() });
export type PartitionLag = z.infer<typeof PartitionLag>;

/** Messages parked on a dead-letter topic (`<topic>.dlt`) that the broker still keeps. */
export const DeadLetterCount = z.object({ topic: z.string(), count: z.number().int().nonnegative() });
export type DeadLetterCount = z.infer<typeof DeadLetterCount>;

/**
 * `<service>.system-status` (administrator; the service checks the role): its own outbox; its consumer
 * group's lag on each partition it has read (null where delivery is in-process, the embedded mode, which
 * has no lag); the dead letters of the topics it consumes (embedded: every topic's, kept in memory).
 */
export const ServiceSystemStatus = z.object({
  service: z.string(),
  outbox: OutboxBacklog,
  consumerLag: z.array(PartitionLag).nullable(),
  deadLetters: z.array(DeadLetterCount),
});
export type ServiceSystemStatus = z.infer<typeof ServiceSystemStatus>;

/** GET /api/admin/system: each service's figures (or why it did not answer), and the dead letters per topic. */
export const SystemStatus = z.object({
  services: z.array(
    z.object({
      service: z.string(),
      /** null when the service did not answer (`error` says why). */
      outbox: OutboxBacklog.nullable(),
      /** The service's consumer group: events behind, summed over its partitions; null without one (embedded, no consumer, or no answer). */
      consumerLag: z.number().int().nonnegative().nullable(),
      error: z.string().optional(),
    }),
  ),
  deadLetters: z.array(DeadLetterCount),
});
export type SystemStatus = z.infer<typeof SystemStatus>;
