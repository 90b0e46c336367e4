import { Injectable } from '@nestjs/common';
import {
  type Caller,
  type DataHeld,
  EXTENSION_TOKEN_SCOPE_MESSAGE,
  type ExportedItemFeedback,
  type ExportedPriceObservation,
  type ExportPageOf,
  isExtensionScoped,
  toExportPage,
} from '@closetly/contracts';
import { normaliseGender } from '@closetly/catalogue-rules';
import type { Db } from '@closetly/server';
import { CatalogueError, requireAdmin } from '../catalogue.errors';
import { AccountDataRepository, type FeedbackPosition } from './account-data.repository';

/** A price observation's cursor: its id (a bigserial, within a JS number's exact integers). */
const OBSERVATION_CURSOR = /^[0-9]{1,15}$/;
/** A gender vote's cursor: `<microseconds since 1970>|<id>`, so votes given in the same instant keep one order. */
const FEEDBACK_CURSOR = /^([0-9]{1,16})\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

const badCursor = () => new CatalogueError('VALIDATION_FAILED', 'The export cursor is not valid.');

/**
 * The catalogue's part of each user's data rights: their export (price
 * observations and gender votes, a page at a time), an administrator's count
 * of what is held for a user, and the erased accounts whose late events are
 * dropped. The erasure itself is ProductsService.eraseAccount and
 * ListsService.eraseAccount, after markErased.
 */
@Injectable()
export class AccountDataService {
  constructor(private readonly accountData: AccountDataRepository) {}

  /** Before a user's save or removal is applied: true when their account is erased and the event must change nothing. */
  isErased(userId: string, tx: Db): Promise<boolean> {
    return this.accountData.isErased(userId, tx);
  }

  /** isErased() for a batch of events' users: the erased ones among them. */
  erasedAmong(userIds: readonly string[], tx: Db): Promise<Set<string>> {
    return this.accountData.erasedAmong(userIds, tx);
  }

  /** Before the account's e-mail proof is applied: waits for that user's events being applied, and makes later ones wait for the proof (see ErasedAccounts). */
  isErasedForAccountChange(userId: string, tx: Db): Promise<boolean> {
    return this.accountData.isErasedForAccountChange(userId, tx);
  }

  /** First in an account's erasure: waits for that user's events being applied, and turns away later ones. */
  markErased(userId: string, erasedAt: Date, tx: Db): Promise<void> {
    return this.accountData.markErased(userId, erasedAt, tx);
  }

  /** The caller's price observations in id order; `after` is the last one's cursor. */
  async exportPriceObservations(caller: Caller, after: string | null, limit: number): Promise<ExportPageOf<ExportedPriceObservation>> {
    requireFullScope(caller);
    if (after !== null && !OBSERVATION_CURSOR.test(after)) throw badCursor();
    const rows = await this.accountData.priceObservationsAfter(caller.uid, after === null ? null : Number(after), limit + 1);
    return toExportPage(rows, limit, (row) => String(row.id), (row) => ({
      productId: row.productId,
      amount: row.amount,
      currency: row.currency,
      priceText: row.priceText,
      observedAt: row.observedAt.toISOString(),
      // A user's rows are their captures and extension reads; page reads have no user and are never exported.
      source: row.source === 'shopper' ? 'shopper' : 'capture',
    }));
  }

  /** The caller's gender votes, oldest first; `after` is the last one's cursor. */
  async exportItemFeedback(caller: Caller, after: string | null, limit: number): Promise<ExportPageOf<ExportedItemFeedback>> {
    requireFullScope(caller);
    const rows = await this.accountData.itemFeedbackAfter(caller.uid, after === null ? null : parseFeedbackCursor(after), limit + 1);
    return toExportPage(rows, limit, (row) => `${row.createdAtMicros}|${row.id}`, (row) => ({
      productId: row.productId,
      gender: normaliseGender(row.gender),
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** An administrator's check that an erasure went through: the user's rows per table (counts only). */
  async dataHeld(caller: Caller, userId: string): Promise<DataHeld> {
    requireAdmin(caller);
    return this.accountData.countHeld(userId);
  }
}

/** The export is the account owner's, never the extension's (its token may only save, list and remove wardrobe items). */
function requireFullScope(caller: Caller): void {
  if (isExtensionScoped(caller)) throw new CatalogueError('FORBIDDEN', EXTENSION_TOKEN_SCOPE_MESSAGE);
}

function parseFeedbackCursor(cursor: string): FeedbackPosition {
  const match = FEEDBACK_CURSOR.exec(cursor);
  if (!match?.[1] || !match[2]) throw badCursor();
  return { createdAtMicros: match[1], id: match[2] };
}
