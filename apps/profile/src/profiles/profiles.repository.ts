import { Inject, Injectable } from '@nestjs/common';
import type { Measurements, PriceAlertSettings, Sizes, UserGender } from '@closetly/contracts';
import { DATABASE, type Db } from '@closetly/server';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { profiles } from '../db/schema';

/** A stored profile. Only the service writes it, with parsed values, so its JSON parts are typed as written. */
export interface ProfileRow {
  accountId: string;
  name: string;
  email: string;
  gender: UserGender;
  favoriteBrands: string[];
  measurements: Measurements;
  sizes: Sizes;
  priceAlerts: PriceAlertSettings;
  createdAt: Date;
  updatedAt: Date;
}

export type ProfileFields = Pick<ProfileRow, 'name' | 'email' | 'gender' | 'favoriteBrands' | 'measurements' | 'sizes'>;
/** What an update may change: the fields, and the price alert settings (a new profile has the defaults). */
export type ProfileChanges = Partial<ProfileFields & Pick<ProfileRow, 'priceAlerts'>>;

const toRow = (row: typeof profiles.$inferSelect): ProfileRow => ({
  ...row,
  gender: row.gender as UserGender,
  favoriteBrands: row.favoriteBrands as string[],
  measurements: row.measurements as Measurements,
  sizes: row.sizes as Sizes,
  priceAlerts: row.priceAlerts as PriceAlertSettings,
});

/** Profiles, one per account. Queries only. */
@Injectable()
export class ProfilesRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async find(accountId: string, tx: Db = this.db): Promise<ProfileRow | undefined> {
    const [row] = await tx.select().from(profiles).where(eq(profiles.accountId, accountId));
    return row && toRow(row);
  }

  /** The profile, locked until the transaction ends, so two writes of it take turns. */
  async findForUpdate(accountId: string, tx: Db): Promise<ProfileRow | undefined> {
    const [row] = await tx.select().from(profiles).where(eq(profiles.accountId, accountId)).for('update');
    return row && toRow(row);
  }

  /** Inserts the profile; undefined when the account has one already (also under a race: the first one stays). */
  async insertIfMissing(accountId: string, fields: ProfileFields, tx: Db = this.db): Promise<ProfileRow | undefined> {
    const [row] = await tx
      .insert(profiles)
      .values({ accountId, ...fields })
      .onConflictDoNothing({ target: profiles.accountId })
      .returning();
    return row && toRow(row);
  }

  async update(accountId: string, changes: ProfileChanges, tx: Db = this.db): Promise<ProfileRow> {
    const [row] = await tx
      .update(profiles)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(profiles.accountId, accountId))
      .returning();
    if (!row) throw new Error('updated a profile that does not exist');
    return toRow(row);
  }

  /** Whose price alerts are on, of these accounts (the savers of a product whose price changed). */
  async withAlertsEnabled(accountIds: readonly string[], tx: Db = this.db): Promise<ProfileRow[]> {
    if (accountIds.length === 0) return [];
    const rows = await tx
      .select()
      .from(profiles)
      .where(and(inArray(profiles.accountId, [...accountIds]), sql`(${profiles.priceAlerts}->>'enabled')::boolean`));
    return rows.map(toRow);
  }

  async deleteForUser(accountId: string, tx: Db): Promise<void> {
    await tx.delete(profiles).where(eq(profiles.accountId, accountId));
  }

  countForUser(accountId: string): Promise<number> {
    return this.db.$count(profiles, eq(profiles.accountId, accountId));
  }
}
