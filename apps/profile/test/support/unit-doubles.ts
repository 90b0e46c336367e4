import { fakeUnitOfWork, mockOf, recordingOutbox } from '@closetly/testing';
import { type ProfileRow, ProfilesRepository } from '../../src/profiles/profiles.repository';
import { ProfilesService } from '../../src/profiles/profiles.service';

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
  return { repository, profiles, clock };
}

/** The real ProfilesService over in-memory profiles, a unit of work that runs at once, and a recording outbox. */
export function profilesServiceFor() {
  const store = inMemoryProfiles();
  const { uow, tx } = fakeUnitOfWork();
  const events = recordingOutbox();
  return { ...store, ...events, uow, tx, service: new ProfilesService(store.repository, uow, events.outbox) };
}
