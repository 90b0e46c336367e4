import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db } from '@closetly/server';
import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import { recentSearches } from '../db/schema';

export interface RecentSearchRow {
  term: string;
  searchedAt: Date;
}

/** A shopper's recent search terms (spec §3, shown on the home page, §6 "up to 3"). Queries only. */
@Injectable()
export class RecentSearchesRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /**
   * Records a search: a term searched again moves to the front instead of appearing twice.
   * Each of a user's searches is stamped later than their previous one, even within the
   * clock's resolution (the embedded engine's clock ticks in milliseconds), so "newest
   * first" always follows the order the searches were made.
   */
  async save(userId: string, term: string, tx: Db = this.db): Promise<RecentSearchRow> {
    const searchedAt = sql`greatest(now(), (select max(${recentSearches.searchedAt}) + interval '1 microsecond' from ${recentSearches} where ${recentSearches.userId} = ${userId}))`;
    const [row] = await tx
      .insert(recentSearches)
      .values({ userId, term, searchedAt })
      .onConflictDoUpdate({ target: [recentSearches.userId, recentSearches.term], set: { searchedAt } })
      .returning({ term: recentSearches.term, searchedAt: recentSearches.searchedAt });
    if (!row) throw new Error('recent search not stored');
    return row;
  }

  /** Removes the user's other spellings of a term that differ only in letter case. */
  async removeOtherCasings(userId: string, term: string, tx: Db = this.db): Promise<void> {
    await tx.delete(recentSearches).where(and(eq(recentSearches.userId, userId), sql`lower(${recentSearches.term}) = lower(${term})`, ne(recentSearches.term, term)));
  }

  /** Keeps only the user's `keep` newest terms. */
  async trim(userId: string, keep: number, tx: Db = this.db): Promise<void> {
    const newest = tx
      .select({ term: recentSearches.term })
      .from(recentSearches)
      .where(eq(recentSearches.userId, userId))
      .orderBy(desc(recentSearches.searchedAt), desc(recentSearches.term))
      .limit(keep);
    await tx.delete(recentSearches).where(and(eq(recentSearches.userId, userId), notInArray(recentSearches.term, newest)));
  }

  /** The user's `limit` latest terms, newest first. */
  listLatest(userId: string, limit: number): Promise<RecentSearchRow[]> {
    return this.newestFirst(userId).limit(limit);
  }

  /** Every term kept for the user, newest first. */
  listAll(userId: string): Promise<RecentSearchRow[]> {
    return this.newestFirst(userId);
  }

  async deleteForUser(userId: string, tx: Db): Promise<void> {
    await tx.delete(recentSearches).where(eq(recentSearches.userId, userId));
  }

  countForUser(userId: string): Promise<number> {
    return this.db.$count(recentSearches, eq(recentSearches.userId, userId));
  }

  private newestFirst(userId: string) {
    return this.db
      .select({ term: recentSearches.term, searchedAt: recentSearches.searchedAt })
      .from(recentSearches)
      .where(eq(recentSearches.userId, userId))
      .orderBy(desc(recentSearches.searchedAt), desc(recentSearches.term));
  }
}
