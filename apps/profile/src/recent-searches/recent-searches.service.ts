import { Injectable } from '@nestjs/common';
import { type Caller, RECENT_SEARCH_COUNT, type RecentSearches } from '@closetly/contracts';
import { UnitOfWork } from '@closetly/server';
import { type RecentSearchRow, RecentSearchesRepository } from './recent-searches.repository';

/** How many distinct terms a shopper's history keeps: enough for the home rows and the API, never unbounded. */
export const RECENT_SEARCHES_KEPT = 50;

/** One spelling of a term: trimmed, inner whitespace collapsed ("  red   dress " is "red dress"). */
export const normaliseSearchTerm = (term: string): string => term.trim().replace(/\s+/g, ' ');

/** A kept search as the API answers it. */
export const toRecentSearch = (row: RecentSearchRow): RecentSearches[number] => ({ term: row.term, searchedAt: row.searchedAt.toISOString() });

/**
 * Recent searches (spec §3 "Recent search"): each signed-in search is recorded
 * for its user only; a term searched again (in any letter case) moves to the
 * front in its latest spelling instead of appearing twice.
 */
@Injectable()
export class RecentSearchesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly searches: RecentSearchesRepository,
  ) {}

  async record(caller: Caller, term: string): Promise<void> {
    const normalised = normaliseSearchTerm(term);
    if (normalised.length === 0) return;
    await this.uow.run(async (tx) => {
      await this.searches.removeOtherCasings(caller.uid, normalised, tx);
      await this.searches.save(caller.uid, normalised, tx);
      await this.searches.trim(caller.uid, RECENT_SEARCHES_KEPT, tx);
    });
  }

  /** The caller's newest distinct terms, newest first. */
  async latest(caller: Caller): Promise<RecentSearches> {
    const rows = await this.searches.listLatest(caller.uid, RECENT_SEARCH_COUNT);
    return rows.map(toRecentSearch);
  }
}
