import { fakeUnitOfWork, inMemoryErasedAccounts, mockOf, recordingOutbox } from '@closetly/testing';
import { PrivacyService } from '../../src/privacy/privacy.service';
import { type ProfileRow, ProfilesRepository } from '../../src/profiles/profiles.repository';
import { ProfilesService } from '../../src/profiles/profiles.service';
import { type RecentSearchRow, RecentSearchesRepository } from '../../src/recent-searches/recent-searches.repository';

/**
 * ProfilesRepository over a map, with the table's rules: one profile per
 * account (a second insert changes nothing), created and updated dates set by
 * the database's clock (`clock.now`). Rows go in and out as copies.
 */
export function inMemoryProfiles() {
  const clock = { now: new Date('2026-03-01T10:00:00.000Z') };
  const profiles = new Map<string, ProfileRow>();
  const copy = (row: ProfileRow | undefined): ProfileRow | undefined => row && structuredClone(row);

  const repository = mockOf(ProfilesRepository);
  repository.find.mockImplementation(async (accountId) => copy(profiles.get(accountId)));
  repository.findForUpdate.mockImplementation(async (accountId) => copy(profiles.get(accountId)));
  repository.insertIfMissing.mockImplementation(async (accountId, fields) => {
    if (profiles.has(accountId)) return undefined;
    profiles.set(accountId, structuredClone({ accountId, ...fields, createdAt: clock.now, updatedAt: clock.now }));
    return copy(profiles.get(accountId));
  });
  repository.update.mockImplementation(async (accountId, changes) => {
    const row = profiles.get(accountId);
    if (!row) throw new Error('updated a profile that does not exist');
    Object.assign(row, structuredClone(changes), { updatedAt: clock.now });
    return structuredClone(row);
  });
  repository.deleteForUser.mockImplementation(async (accountId) => {
    profiles.delete(accountId);
  });
  repository.countForUser.mockImplementation(async (accountId) => (profiles.has(accountId) ? 1 : 0));
  return { repository, profiles, clock };
}

/** The real ProfilesService over in-memory profiles, a unit of work that runs at once, and a recording outbox. */
export function profilesServiceFor() {
  const store = inMemoryProfiles();
  const { uow, tx } = fakeUnitOfWork();
  const events = recordingOutbox();
  return { ...store, ...events, uow, tx, service: new ProfilesService(store.repository, uow, events.outbox) };
}

/**
 * RecentSearchesRepository's reads and deletes over a list a test fills
 * (`searches`, one row per user and term): newest first, rows out as copies.
 */
export function inMemoryRecentSearches() {
  const searches: Array<RecentSearchRow & { userId: string }> = [];
  const newestFirst = (userId: string) =>
    searches
      .filter((row) => row.userId === userId)
      .sort((a, b) => b.searchedAt.getTime() - a.searchedAt.getTime() || b.term.localeCompare(a.term))
      .map(({ term, searchedAt }) => ({ term, searchedAt }));

  const repository = mockOf(RecentSearchesRepository);
  repository.listLatest.mockImplementation(async (userId, limit) => newestFirst(userId).slice(0, limit));
  repository.listAll.mockImplementation(async (userId) => newestFirst(userId));
  repository.deleteForUser.mockImplementation(async (userId) => {
    searches.splice(0, searches.length, ...searches.filter((row) => row.userId !== userId));
  });
  repository.countForUser.mockImplementation(async (userId) => newestFirst(userId).length);
  return { repository, searches };
}

/** The real PrivacyService over in-memory profiles (pass ProfilesService's, to share them) and recent searches. */
export function privacyServiceFor(profiles = inMemoryProfiles()) {
  const searches = inMemoryRecentSearches();
  const erased = inMemoryErasedAccounts();
  return {
    erased,
    profiles: profiles.profiles,
    profilesRepository: profiles.repository,
    searches: searches.searches,
    searchesRepository: searches.repository,
    service: new PrivacyService(profiles.repository, searches.repository, erased.accounts),
  };
}
