import { DEFAULT_PRICE_ALERTS } from '@closetly/contracts';
import { DEFAULT_MAIL_QUEUE_OPTIONS, type Mail, type Mailer, MailQueue, ProcessMetrics, SigningKeys } from '@closetly/server';
import { fakeUnitOfWork, inMemoryErasedAccounts, mockOf, recordingOutbox } from '@closetly/testing';
import { loadProfileConfig } from '../../src/config';
import { UNARMED } from '../../src/price-alerts/alert-rules';
import { type DigestRow, type NotificationRow, NotificationsRepository } from '../../src/price-alerts/notifications.repository';
import { PriceAlertDigestsService } from '../../src/price-alerts/price-alert-digests.service';
import { PriceAlertsService } from '../../src/price-alerts/price-alerts.service';
import { type SavedProductRow, SavedProductsRepository } from '../../src/price-alerts/saved-products.repository';
import { UnsubscribeTokens } from '../../src/price-alerts/unsubscribe-tokens';
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
    profiles.set(accountId, structuredClone({ accountId, ...fields, priceAlerts: DEFAULT_PRICE_ALERTS, createdAt: clock.now, updatedAt: clock.now }));
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
  repository.withAlertsEnabled.mockImplementation(async (accountIds) => accountIds.flatMap((id) => copy(profiles.get(id)) ?? []).filter((row) => row.priceAlerts.enabled));
  return { repository, profiles, clock };
}

/** The real ProfilesService over in-memory profiles and saved products, a unit of work that runs at once, and a recording outbox. */
export function profilesServiceFor(saved = inMemorySavedProducts()) {
  const store = inMemoryProfiles();
  const { uow, tx } = fakeUnitOfWork();
  const events = recordingOutbox();
  return { ...store, ...events, saved, uow, tx, service: new ProfilesService(store.repository, uow, events.outbox, saved.repository) };
}

const key = (userId: string, productId: string) => `${userId}/${productId}`;

/** SavedProductsRepository over a map, with the table's rules (the later save or removal wins; rows out as copies). */
export function inMemorySavedProducts() {
  const rows = new Map<string, SavedProductRow>();
  const active = (row: SavedProductRow | undefined) => (row && (row.removedAt === null || row.savedAt > row.removedAt) ? structuredClone(row) : undefined);
  const blank = (userId: string, productId: string): SavedProductRow => ({ userId, productId, savedAt: new Date(0), removedAt: null, targetPrice: null, ...UNARMED });

  const repository = mockOf(SavedProductsRepository);
  repository.recordSaves.mockImplementation(async (saves) => {
    for (const { userId, productId, savedAt } of saves) {
      const row = rows.get(key(userId, productId)) ?? blank(userId, productId);
      row.savedAt = savedAt > row.savedAt ? savedAt : row.savedAt;
      rows.set(key(userId, productId), row);
    }
  });
  repository.recordSave.mockImplementation((userId, productId, savedAt, tx) => repository.recordSaves([{ userId, productId, savedAt }], tx));
  repository.recordRemoval.mockImplementation(async (userId, productId, removedAt) => {
    const row = rows.get(key(userId, productId)) ?? blank(userId, productId);
    row.removedAt = row.removedAt && row.removedAt > removedAt ? row.removedAt : removedAt;
    rows.set(key(userId, productId), row);
  });
  repository.findActive.mockImplementation(async (userId, productId) => active(rows.get(key(userId, productId))));
  repository.setTarget.mockImplementation(async (userId, productId, targetPrice) => {
    const row = rows.get(key(userId, productId));
    if (row) Object.assign(row, { targetPrice, belowTargetAlerted: false });
  });
  repository.activeSaversForUpdate.mockImplementation(async (productId) => [...rows.values()].filter((row) => row.productId === productId).flatMap((row) => active(row) ?? []));
  repository.updateStates.mockImplementation(async (productId, states) => {
    for (const { userId, state } of states) {
      const row = rows.get(key(userId, productId));
      if (row) Object.assign(row, structuredClone(state), { targetPrice: row.targetPrice });
    }
  });
  repository.rearmAll.mockImplementation(async (userId) => {
    for (const row of rows.values()) if (row.userId === userId) Object.assign(row, UNARMED);
  });
  repository.listTargets.mockImplementation(async (userId) =>
    [...rows.values()].filter((row) => row.userId === userId && row.targetPrice !== null).map((row) => ({ productId: row.productId, targetPrice: row.targetPrice as number })),
  );
  repository.deleteForUser.mockImplementation(async (userId) => {
    for (const [id, row] of rows) if (row.userId === userId) rows.delete(id);
  });
  repository.countForUser.mockImplementation(async (userId) => [...rows.values()].filter((row) => row.userId === userId).length);
  return { repository, rows, row: (userId: string, productId: string) => rows.get(key(userId, productId)) };
}

/** NotificationsRepository over lists: newest first for the list, the digest's (user, day) key kept. */
export function inMemoryNotifications() {
  const notifications: NotificationRow[] = [];
  const digests: DigestRow[] = [];
  const ofUser = (userId: string) => notifications.filter((row) => row.userId === userId);
  const newestFirst = (userId: string) => [...ofUser(userId)].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id));

  const repository = mockOf(NotificationsRepository);
  repository.insertMany.mockImplementation(async (rows) => void notifications.push(...structuredClone([...rows])));
  repository.latest.mockImplementation(async (userId, limit) => structuredClone(newestFirst(userId).slice(0, limit)));
  repository.countUnread.mockImplementation(async (userId) => ofUser(userId).filter((row) => row.readAt === null).length);
  repository.markRead.mockImplementation(async (userId, ids, at) => {
    for (const row of ofUser(userId)) if (row.readAt === null && (!ids || ids.includes(row.id))) row.readAt = at;
  });
  repository.usersWithPendingLines.mockImplementation(async () => [...new Set(notifications.filter((row) => row.digestedAt === null).map((row) => row.userId))].sort());
  repository.pendingLinesForUpdate.mockImplementation(async (userId) => structuredClone(ofUser(userId).filter((row) => row.digestedAt === null)));
  repository.markDigested.mockImplementation(async (ids, at) => {
    for (const row of notifications) if (ids.includes(row.id)) row.digestedAt = at;
  });
  repository.recordDigest.mockImplementation(async (digest) => {
    if (digests.some((row) => row.userId === digest.userId && row.day === digest.day)) return false;
    digests.push({ ...digest });
    return true;
  });
  repository.hasDigest.mockImplementation(async (userId, day) => digests.some((row) => row.userId === userId && row.day === day));
  repository.listAll.mockImplementation(async (userId) => structuredClone(ofUser(userId)));
  repository.listDigests.mockImplementation(async (userId) => digests.filter((row) => row.userId === userId).map((row) => ({ ...row })));
  repository.deleteForUser.mockImplementation(async (userId) => {
    notifications.splice(0, notifications.length, ...notifications.filter((row) => row.userId !== userId));
    digests.splice(0, digests.length, ...digests.filter((row) => row.userId !== userId));
  });
  repository.countForUser.mockImplementation(async (userId) => ({ notifications: ofUser(userId).length, digests: digests.filter((row) => row.userId === userId).length }));
  return { repository, notifications, digests };
}

export const TEST_UNSUBSCRIBE_SECRET = 'u'.repeat(40);

/** A mailer that keeps what it was handed. */
export function mailbox() {
  const sent: Mail[] = [];
  const mailer: Mailer = { send: async (mail) => void sent.push(mail) };
  return { sent, mailer };
}

/**
 * The real PriceAlertsService and PriceAlertDigestsService over in-memory profiles, saved products and
 * notifications (the profiles' ProfilesService shares them), a clock a test moves, and a mail queue that
 * sends to a mailbox.
 */
export function priceAlertsFor(env: NodeJS.ProcessEnv = {}) {
  const saved = inMemorySavedProducts();
  const profiles = profilesServiceFor(saved);
  const notifications = inMemoryNotifications();
  let now = new Date('2026-03-02T09:00:00.000Z');
  const clock = { now: () => now };
  const moveTo = (iso: string) => void (now = new Date(iso));
  const config = loadProfileConfig({ UNSUBSCRIBE_TOKEN_SECRET: TEST_UNSUBSCRIBE_SECRET, PUBLIC_URL: 'https://closetly.example', ...env });
  const tokens = new UnsubscribeTokens(new SigningKeys(TEST_UNSUBSCRIBE_SECRET), config.UNSUBSCRIBE_TOKEN_TTL_DAYS);
  const mail = mailbox();
  const mailQueue = new MailQueue(mail.mailer, new ProcessMetrics(), { ...DEFAULT_MAIL_QUEUE_OPTIONS, firstRetryMs: 1 });
  const alertEvents = recordingOutbox();
  const service = new PriceAlertsService(saved.repository, notifications.repository, profiles.repository, profiles.uow, alertEvents.outbox, tokens, clock);
  const digests = new PriceAlertDigestsService(notifications.repository, profiles.repository, profiles.uow, mailQueue, tokens, config, clock);
  return { saved, profiles, notifications, service, digests, tokens, mail, mailQueue, moveTo, tx: profiles.tx, alertEvents };
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

/** The real PrivacyService over in-memory profiles (pass ProfilesService's, to share them), recent searches, saved products and notifications. */
export function privacyServiceFor(profiles = inMemoryProfiles(), saved = inMemorySavedProducts(), notifications = inMemoryNotifications()) {
  const searches = inMemoryRecentSearches();
  const erased = inMemoryErasedAccounts();
  return {
    erased,
    profiles: profiles.profiles,
    profilesRepository: profiles.repository,
    searches: searches.searches,
    searchesRepository: searches.repository,
    saved,
    notifications,
    service: new PrivacyService(profiles.repository, searches.repository, saved.repository, notifications.repository, erased.accounts),
  };
}
