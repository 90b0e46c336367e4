import { Inject, Injectable } from '@nestjs/common';
import { type Caller, type DataHeld, EXTENSION_TOKEN_SCOPE_MESSAGE, type ExportedSave, isExtensionScoped, type RpcResponse, toExportPage } from '@closetly/contracts';
import { type Db, ErasedAccounts } from '@closetly/server';
import { RecommendationsRepository } from '../recommendations/recommendations.repository';
import { type PositionedSave, type SavePosition, SavesRepository } from '../saves/saves.repository';
import { WardrobeError } from '../wardrobe.errors';

/** The export's cursor: where a page's last save stands. The gateway hands it back unread as the next page's `after`. */
export const exportCursorOf = (position: SavePosition): string => `${position.savedAt}|${position.productId}`;

const EXPORT_CURSOR = /^([1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Date.parse rolls an impossible date over (Feb 31 is Mar 3): only a time that reads back the same is real. */
function isRealTime(iso: string): boolean {
  const time = Date.parse(iso);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === iso.slice(0, 19);
}

/** The position a cursor names. One this service did not make is the caller's mistake (VALIDATION_FAILED), never a query with a bad value. */
export function positionOf(cursor: string): SavePosition {
  const [, savedAt, productId] = EXPORT_CURSOR.exec(cursor) ?? [];
  if (savedAt === undefined || productId === undefined || !isRealTime(savedAt)) throw new WardrobeError('VALIDATION_FAILED', 'Invalid export cursor');
  return { savedAt, productId };
}

const toExportedSave = (save: PositionedSave): ExportedSave => ({
  productId: save.productId,
  savedAt: save.savedAt.toISOString(),
  capturedAt: save.capturedAt.toISOString(),
  capture: save.capture,
});

/**
 * The account owner's data rights over what the wardrobe holds for them (their
 * saves with their captures, and the recommender's copy of their profile):
 * their export, the erasure when identity deletes the account, and an
 * administrator's count of what is left.
 */
@Injectable()
export class PrivacyService {
  constructor(
    private readonly saves: SavesRepository,
    private readonly recommendations: RecommendationsRepository,
    @Inject(ErasedAccounts) private readonly erased: ErasedAccounts,
  ) {}

  /** One page of the caller's saves, oldest first; `next` is null on the last page. */
  async exportSaves(caller: Caller, after: string | null, limit: number): Promise<RpcResponse<'wardrobe.export-saves'>> {
    // The extension's token may save, list and remove; the export is the full account's.
    if (isExtensionScoped(caller)) throw new WardrobeError('FORBIDDEN', EXTENSION_TOKEN_SCOPE_MESSAGE);
    const rows = await this.saves.listOldestFirstAfter(caller.uid, after === null ? null : positionOf(after), limit + 1);
    return toExportPage(rows, limit, (row) => exportCursorOf(row.position), toExportedSave);
  }

  /**
   * identity.account-deleted.v1, in the inbox's transaction. No wardrobe.item-removed.v1 per save: the
   * catalogue and retention act on the account's deletion themselves.
   */
  async accountDeleted(userId: string, tx: Db): Promise<void> {
    await this.erased.markErased(userId, new Date(), tx);
    await this.saves.deleteForUser(userId, tx);
    await this.recommendations.deleteProfile(userId, tx);
  }

  /** Rows held for the user, by table; administrators only (checked here, not only by the gateway). */
  async dataHeld(caller: Caller, userId: string): Promise<DataHeld> {
    if (!caller.roles.includes('admin')) throw new WardrobeError('FORBIDDEN', 'Unauthorized access.');
    return { saves: await this.saves.countForUser(userId), shopper_profiles: await this.recommendations.countProfiles(userId) };
  }

  /** Applies one of the user's events unless their account is erased (see ErasedAccounts.unlessErased). */
  unlessErased(userId: string, tx: Db, apply: () => Promise<void>): Promise<void> {
    return this.erased.unlessErased(userId, tx, apply);
  }
}
