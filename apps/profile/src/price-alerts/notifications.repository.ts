import { Inject, Injectable } from '@nestjs/common';
import type { NotificationKind } from '@closetly/contracts';
import { DATABASE, type Db } from '@closetly/server';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { notifications, priceAlertDigests } from '../db/schema';

export interface NotificationRow {
  id: string;
  userId: string;
  kind: NotificationKind;
  productId: string;
  name: string;
  brand: string;
  oldPrice: number | null;
  newPrice: number | null;
  currency: string | null;
  createdAt: Date;
  readAt: Date | null;
  digestedAt: Date | null;
}

export interface DigestRow {
  userId: string;
  day: number;
  sentAt: Date;
  items: number;
}

const toRow = (row: typeof notifications.$inferSelect): NotificationRow => ({ ...row, kind: row.kind as NotificationKind });

/** Alerts (in-app notifications and the digests' pending lines) and the digests sent. Queries only. */
@Injectable()
export class NotificationsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async insertMany(rows: readonly NotificationRow[], tx: Db): Promise<void> {
    if (rows.length > 0) await tx.insert(notifications).values([...rows]);
  }

  /** The newest first. */
  async latest(userId: string, limit: number): Promise<NotificationRow[]> {
    const rows = await this.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit);
    return rows.map(toRow);
  }

  countUnread(userId: string): Promise<number> {
    return this.db.$count(notifications, and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  }

  /** Marks the user's own notifications read: these ids (others' ids are ignored), or all when `ids` is undefined. */
  async markRead(userId: string, ids: readonly string[] | undefined, at: Date): Promise<void> {
    if (ids?.length === 0) return;
    await this.db
      .update(notifications)
      .set({ readAt: at })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), ids ? inArray(notifications.id, [...ids]) : undefined));
  }

  /** Users with alerts no digest has listed yet. */
  async usersWithPendingLines(): Promise<string[]> {
    const rows = await this.db.selectDistinct({ userId: notifications.userId }).from(notifications).where(isNull(notifications.digestedAt)).orderBy(notifications.userId);
    return rows.map((row) => row.userId);
  }

  /** The user's alerts no digest has listed yet, oldest first, locked so two runs never list one twice. */
  async pendingLinesForUpdate(userId: string, tx: Db): Promise<NotificationRow[]> {
    const rows = await tx
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.digestedAt)))
      .orderBy(asc(notifications.createdAt), asc(notifications.id))
      .for('update');
    return rows.map(toRow);
  }

  async markDigested(ids: readonly string[], at: Date, tx: Db): Promise<void> {
    if (ids.length > 0) await tx.update(notifications).set({ digestedAt: at }).where(inArray(notifications.id, [...ids]));
  }

  /** Records the user's digest of `day`; false when one was recorded already (the key keeps it to one a day). */
  async recordDigest(digest: DigestRow, tx: Db): Promise<boolean> {
    const inserted = await tx.insert(priceAlertDigests).values(digest).onConflictDoNothing().returning({ day: priceAlertDigests.day });
    return inserted.length > 0;
  }

  async hasDigest(userId: string, day: number, tx: Db = this.db): Promise<boolean> {
    return (await tx.$count(priceAlertDigests, and(eq(priceAlertDigests.userId, userId), eq(priceAlertDigests.day, day)))) > 0;
  }

  /** Everything kept for the user, oldest first (the export). */
  async listAll(userId: string): Promise<NotificationRow[]> {
    const rows = await this.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.createdAt), asc(notifications.id));
    return rows.map(toRow);
  }

  async listDigests(userId: string): Promise<DigestRow[]> {
    return this.db.select().from(priceAlertDigests).where(eq(priceAlertDigests.userId, userId)).orderBy(asc(priceAlertDigests.day));
  }

  async deleteForUser(userId: string, tx: Db): Promise<void> {
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(priceAlertDigests).where(eq(priceAlertDigests.userId, userId));
  }

  async countForUser(userId: string): Promise<{ notifications: number; digests: number }> {
    return {
      notifications: await this.db.$count(notifications, eq(notifications.userId, userId)),
      digests: await this.db.$count(priceAlertDigests, eq(priceAlertDigests.userId, userId)),
    };
  }
}
