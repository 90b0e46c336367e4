import { isDeepStrictEqual } from 'node:util';
import { Injectable } from '@nestjs/common';
import {
  type Caller,
  emptyProfile,
  isProfileComplete,
  MAX_NAME_LENGTH,
  type Profile,
  type ProfileAccount,
  profileCompletion,
  type ProfileUpdated,
  sizedCategoriesOf,
  type UpdateProfileRequest,
} from '@closetly/contracts';
import { type Db, OutboxWriter, UnitOfWork } from '@closetly/server';
import { SavedProductsRepository } from '../price-alerts/saved-products.repository';
import { type ProfileFields, type ProfileRow, ProfilesRepository } from './profiles.repository';

/** A save as the wardrobe lists it (when alerts are turned on). */
export interface SavedNow {
  productId: string;
  savedAt: string;
}

/** The profile as the caller sees it: the stored one, whose e-mail is the account's (refreshed before it is answered). */
export const toProfile = (row: ProfileRow): Profile => ({
  name: row.name,
  email: row.email,
  gender: row.gender,
  favoriteBrands: row.favoriteBrands,
  measurements: row.measurements,
  sizes: row.sizes,
  priceAlerts: row.priceAlerts,
});

/** A new account's profile: its name ("first last", trimmed, within the profile's limit), e-mail and gender, everything else empty. */
export function newProfileFields(account: ProfileAccount): ProfileFields {
  const name = `${account.firstName.trim()} ${account.lastName.trim()}`.trim().slice(0, MAX_NAME_LENGTH).trim();
  const { favoriteBrands, measurements, sizes } = emptyProfile();
  return { name, email: account.email, gender: account.gender, favoriteBrands, measurements, sizes };
}

/**
 * What recommendations and home rows personalise with; nothing else of the
 * profile leaves the service (of the sizes, only which categories have one).
 */
export function updatedFacts(row: ProfileRow): Required<ProfileUpdated> {
  const profile = toProfile(row);
  return {
    userId: row.accountId,
    gender: profile.gender,
    favoriteBrands: profile.favoriteBrands,
    completion: profileCompletion(profile),
    complete: isProfileComplete(profile),
    sizedCategories: sizedCategoriesOf(profile.sizes),
  };
}

/**
 * Each shopper's own profile: created with the account (from identity's
 * event, or from the account the gateway passes if the event has not arrived
 * yet), read and replaced only by its owner (`caller.uid`, never an id from a
 * request). The e-mail is always the account's. `profile.updated.v1` leaves
 * through the outbox, in the transaction of the write, whenever what its
 * consumers see (gender, favourite brands, completion, sized categories) is
 * new or changed.
 */
@Injectable()
export class ProfilesService {
  constructor(
    private readonly profiles: ProfilesRepository,
    private readonly uow: UnitOfWork,
    private readonly outbox: OutboxWriter,
    private readonly savedProducts: SavedProductsRepository,
  ) {}

  /** The caller's profile; created from the account when it has none yet, so a new account has one at once. */
  async get(caller: Caller, account: ProfileAccount): Promise<Profile> {
    const stored = await this.profiles.find(caller.uid);
    if (stored && stored.email === account.email) return toProfile(stored);
    return this.uow.run(async (tx) => {
      const { before, row } = await this.own(caller.uid, account, tx);
      await this.publishIfChanged(before, row, tx);
      return toProfile(row);
    });
  }

  /**
   * Replaces the caller's profile with the (validated) request, except the e-mail: that is the account's,
   * and the price alert settings when the request leaves them out (then they are kept). Answers it as stored.
   */
  async update(caller: Caller, account: ProfileAccount, request: UpdateProfileRequest, savedNow: readonly SavedNow[] = []): Promise<Profile> {
    const { name, gender, favoriteBrands, measurements, sizes, priceAlerts } = request;
    return this.uow.run(async (tx) => {
      const { before } = await this.own(caller.uid, account, tx);
      const after = await this.profiles.update(caller.uid, { name, email: account.email, gender, favoriteBrands, measurements, sizes, ...(priceAlerts && { priceAlerts }) }, tx);
      if (priceAlerts?.enabled && !(before?.priceAlerts.enabled ?? false)) await this.alertsTurnedOn(caller.uid, savedNow, tx);
      await this.publishIfChanged(before, after, tx);
      return toProfile(after);
    });
  }

  /**
   * identity.account-registered.v1: the account's profile, unless it has one
   * already (made by a first GET, or by this event delivered before).
   */
  async accountRegistered(accountId: string, account: ProfileAccount, tx: Db): Promise<void> {
    const created = await this.profiles.insertIfMissing(accountId, newProfileFields(account), tx);
    if (created) await this.publishIfChanged(undefined, created, tx);
  }

  /**
   * The caller's profile, locked for this transaction: created from the
   * account when missing, its e-mail refreshed from the account when that
   * changed. `before` is the profile as it was (undefined when new).
   */
  private async own(userId: string, account: ProfileAccount, tx: Db): Promise<{ before: ProfileRow | undefined; row: ProfileRow }> {
    const created = await this.profiles.insertIfMissing(userId, newProfileFields(account), tx);
    if (created) return { before: undefined, row: created };
    const existing = await this.profiles.findForUpdate(userId, tx);
    if (!existing) throw new Error('a profile that exists could not be read');
    const row = existing.email === account.email ? existing : await this.profiles.update(userId, { email: account.email }, tx);
    return { before: existing, row };
  }

  /**
   * Alerts turned on start afresh: each saved item is armed again at the next price it shows. The saves the
   * wardrobe lists now are recorded too (a save older than the events this service has seen is then known;
   * a later removal event still wins, by its time).
   */
  private async alertsTurnedOn(userId: string, savedNow: readonly SavedNow[], tx: Db): Promise<void> {
    for (const { productId, savedAt } of savedNow) await this.savedProducts.recordSave(userId, productId, new Date(savedAt), tx);
    await this.savedProducts.rearmAll(userId, tx);
  }

  private async publishIfChanged(before: ProfileRow | undefined, after: ProfileRow, tx: Db): Promise<void> {
    const facts = updatedFacts(after);
    if (before && isDeepStrictEqual(updatedFacts(before), facts)) return;
    await this.outbox.add(tx, 'profile.updated.v1', after.accountId, facts);
  }
}
