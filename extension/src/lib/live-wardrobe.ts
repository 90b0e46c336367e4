import type { LiveEventsConnection, LiveEventsOptions } from '@closetly/api-client';
import type { LiveControl, LiveEvent } from '@closetly/contracts';
import { holdsProduct, type SavedPages } from './saved-pages';
import type { ExtensionSession } from './session';

/** What the live wardrobe reads and changes: the service worker passes the real ones, the unit tests fakes. */
export interface LiveWardrobeDeps {
  openLiveEvents(options: LiveEventsOptions): LiveEventsConnection;
  readSession(): Promise<ExtensionSession | null>;
  readLiveEventId(): Promise<string | null>;
  writeLiveEventId(id: string | null): Promise<void>;
  readSavedPages(): Promise<SavedPages>;
  refreshSavedPages(session: ExtensionSession): Promise<void>;
  forgetSavedProduct(productId: string): Promise<void>;
  signOut(): Promise<void>;
  /** Asks Chrome to wake the worker regularly while signed in (and to stop once signed out). */
  keepAwake(signedIn: boolean): Promise<void>;
}

export interface LiveWardrobe {
  /**
   * Follows the stored session: opens the stream when signed in and none is open (a worker that just woke),
   * reopens it for another token, closes it when signed out, and catches up after a failed update.
   */
  sync(): Promise<void>;
  /** Resolves once everything received so far has been applied. */
  settled(): Promise<void>;
}

interface Stream {
  session: ExtensionSession;
  connection: LiveEventsConnection;
  /** The server said `resync` and the set was refetched: its next `ready` needs no second refetch. */
  resynced: boolean;
}

/**
 * Stored instead of an id when the user's event log was empty at the last `ready` (nothing in the kept
 * window): a stream that opens to an empty log again missed nothing, so a worker woken every 30 s does
 * not refetch the wardrobe each time. The server cannot resume from an empty log, so it is never sent.
 */
export const NOTHING_YET = 'nothing-yet';

/**
 * The extension's "already saved" set follows the user's live events (issue 26) while the browser runs:
 * a save made elsewhere adds its page, a removal clears its page and ✓, and a stream that cannot resume
 * (opened without a resume point, or told to resync) refetches the wardrobe. Everything runs one step at a
 * time, in arrival order, so two updates never interleave their read and write of the set.
 *
 * The resume point is stored only once an event is applied: a worker stopped halfway resumes before it.
 * When an update fails the point is dropped until a full refetch succeeds (at the next wake or stream).
 * The server replays what a resumed stream missed before its `ready` (after a `resync` when it no
 * longer holds the point).
 */
export function createLiveWardrobe(deps: LiveWardrobeDeps): LiveWardrobe {
  let stream: Stream | null = null;
  let behind = false;
  let queue: Promise<void> = Promise.resolve();

  const enqueue = (step: () => Promise<void>): Promise<void> => {
    queue = queue.then(step).catch((error: unknown) => console.warn('Closetly: a live wardrobe update failed', error));
    return queue;
  };

  const close = () => {
    stream?.connection.close();
    stream = null;
    behind = false;
  };

  const open = async (session: ExtensionSession) => {
    const stored = await deps.readLiveEventId();
    const lastEventId = stored === NOTHING_YET ? null : stored;
    // The callbacks run only after openLiveEvents returns (it reads the tokens first), so `current` is set by then.
    const current: Stream = {
      session,
      resynced: false,
      connection: deps.openLiveEvents({
        baseUrl: session.apiBaseUrl,
        getBetaToken: () => session.betaToken,
        getAccessToken: () => session.token,
        lastEventId,
        onEvent: (event, id) => void enqueue(() => apply(current, event, id)),
        onControl: (control) => void enqueue(() => follow(current, control)),
        onUnauthorized: () => void enqueue(() => end(current)),
      }),
    };
    stream = current;
  };

  /** Refetches the whole set, then resumes from `resumeAt`; a failure leaves the set behind, for the next try. */
  const catchUp = async (current: Stream, resumeAt: string | null) => {
    try {
      await deps.refreshSavedPages(current.session);
    } catch (error) {
      await fallBehind();
      throw error;
    }
    if (!(await stillCurrent(current))) return;
    behind = false;
    await deps.writeLiveEventId(resumeAt);
  };

  /** A step that waited in the queue checks the user is still signed in with this stream's token (a sign-out may have happened meanwhile). */
  const stillCurrent = async (current: Stream) => stream === current && (await deps.readSession())?.token === current.session.token;

  const fallBehind = async () => {
    behind = true;
    await deps.writeLiveEventId(null);
  };

  const apply = async (current: Stream, event: LiveEvent, id: string) => {
    if (!(await stillCurrent(current))) return;
    try {
      if (event.type === 'item-saved') {
        // The extension's own saves are in the set already; a save made elsewhere brings a page to learn.
        if (!holdsProduct(await deps.readSavedPages(), event.productId)) await deps.refreshSavedPages(current.session);
      } else if (event.type === 'item-removed') {
        await deps.forgetSavedProduct(event.productId);
      }
      // Price changes and alerts are the web app's to show.
    } catch (error) {
      await fallBehind();
      throw error;
    }
    if (!behind && (await stillCurrent(current))) await deps.writeLiveEventId(id);
  };

  const follow = async (current: Stream, control: LiveControl) => {
    if (stream !== current) return;
    if (control.type === 'session-ended') return end(current);
    if (control.type === 'resync') {
      current.resynced = true;
      return catchUp(current, null);
    }
    // ready: what a resumed stream missed was replayed before it; a stream opened without a point refetches,
    // unless the log was empty before and is empty still.
    const refetched = current.resynced;
    current.resynced = false;
    const stored = await deps.readLiveEventId();
    const resumeAt = control.lastEventId ?? NOTHING_YET;
    if (!refetched && (stored === null || (stored === NOTHING_YET && control.lastEventId !== null))) return catchUp(current, resumeAt);
    if (!behind && (await stillCurrent(current))) await deps.writeLiveEventId(resumeAt);
  };

  /** The session ended (signed out elsewhere, or the token refused): sign out here too, as any 401 does. */
  const end = async (current: Stream) => {
    if (stream !== current) return;
    close();
    await deps.signOut();
  };

  const syncNow = async () => {
    const session = await deps.readSession();
    if (stream && stream.session.token !== session?.token) close();
    await deps.keepAwake(session !== null);
    if (!session) return;
    if (!stream) await open(session);
    else if (behind) await catchUp(stream, stream.connection.lastEventId);
  };

  return {
    sync: () => enqueue(syncNow),
    settled: () => enqueue(async () => undefined),
  };
}
