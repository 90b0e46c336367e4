import type { LiveEventsConnection } from '@closetly/api-client';
import { LiveControl, LiveEvent } from '@closetly/contracts';

/** The Web Lock whose holder is the one tab of this browser that holds the stream open. */
export const LIVE_LEADER_LOCK = 'closetly-live-events';
/** Where the leader tab re-broadcasts what the stream says to the other tabs. */
export const LIVE_CHANNEL = 'closetly-live-events';

/** What every tab hears, whichever tab reads the stream. */
export interface LiveHandlers {
  onEvent(event: LiveEvent, id: string): void;
  onControl(control: LiveControl): void;
}

export interface LiveStreamCallbacks extends LiveHandlers {
  /** The stream stopped on a 401: only the tab holding it hears this. */
  onUnauthorized(): void;
}

/** The parts of BroadcastChannel used here (a fake in tests). */
export interface LiveChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

/** The part of navigator.locks used here. */
export interface LiveLocks {
  request(name: string, options: { signal: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
}

export interface ShareLiveEventsOptions extends LiveHandlers {
  /** Whose stream this is: messages for another user (a tab a sign-out has not reached yet) are ignored. */
  uid: string;
  /** Opens the stream (openLiveEvents with the session's tokens), resuming from `lastEventId`. */
  open(lastEventId: string | null, callbacks: LiveStreamCallbacks): LiveEventsConnection;
  /** The leader's stream stopped on a 401. Return true to open it again (the session's token was replaced since). */
  onUnauthorized(): boolean;
  /** navigator.locks, or null where the browser has none (then every tab holds its own stream). */
  locks: LiveLocks | null;
  /** A BroadcastChannel on LIVE_CHANNEL, or null where the browser has none. */
  createChannel: (() => LiveChannel) | null;
}

export type LiveRole = 'leader' | 'follower' | 'solo' | 'stopped';

export interface SharedLiveEvents {
  readonly role: LiveRole;
  /** The newest id this tab knows of, from its own stream or the leader's broadcasts. */
  readonly lastEventId: string | null;
  stop(): void;
}

/**
 * What tabs say to each other. The leader posts every message of the stream with its id and the stream's
 * resume point; a new tab asks for the resume point with `hello`. A tab that takes the lock when the leader
 * closes resumes from the last id it heard, so nothing said in between is lost (the server replays it).
 */
type ChannelMessage =
  | { kind: 'event'; uid: string; event: unknown; id: string; lastEventId: string | null }
  | { kind: 'control'; uid: string; control: unknown; lastEventId: string | null }
  | { kind: 'hello'; uid: string }
  | { kind: 'resume-point'; uid: string; lastEventId: string | null };

/**
 * One live events stream per browser (issue 26): the tabs elect a leader with a Web Lock; the leader opens
 * the stream and re-broadcasts each message over a BroadcastChannel; every tab, the leader included, hands
 * the messages to its handlers. When the leader tab closes, the lock passes to another tab, which opens the
 * stream from the last id it heard. Without Web Locks or BroadcastChannel, the tab keeps its own stream.
 */
export function shareLiveEvents(options: ShareLiveEventsOptions): SharedLiveEvents {
  const { uid } = options;
  let role: LiveRole = 'follower';
  let lastEventId: string | null = null;
  let connection: LiveEventsConnection | null = null;

  const channel = options.locks && options.createChannel ? options.createChannel() : null;
  const post = (message: ChannelMessage) => {
    try {
      channel?.postMessage(message);
    } catch (error) {
      // A closed channel (the page is going away): the other tabs resume from the server.
      console.warn('Live events: could not share a message with the other tabs', error);
    }
  };

  const callbacks: LiveStreamCallbacks = {
    onEvent(event, id) {
      lastEventId = id || lastEventId;
      post({ kind: 'event', uid, event, id, lastEventId: connection?.lastEventId ?? lastEventId });
      options.onEvent(event, id);
    },
    onControl(control) {
      if (control.type === 'ready' && lastEventId === null) lastEventId = control.lastEventId;
      post({ kind: 'control', uid, control, lastEventId: connection?.lastEventId ?? lastEventId });
      options.onControl(control);
    },
    onUnauthorized() {
      connection = null;
      if (role !== 'stopped' && options.onUnauthorized()) openStream();
    },
  };

  function openStream(): void {
    connection?.close();
    connection = options.open(lastEventId, callbacks);
  }

  const onMessage = ({ data }: MessageEvent) => {
    const message = data as ChannelMessage;
    if (role === 'stopped' || typeof message !== 'object' || message === null || message.uid !== uid) return;
    switch (message.kind) {
      case 'event': {
        // The leader validated it; this tab validates again rather than trust another page's post.
        const event = LiveEvent.safeParse(message.event);
        if (message.lastEventId !== null) lastEventId = message.lastEventId;
        if (event.success && role === 'follower') options.onEvent(event.data, message.id);
        break;
      }
      case 'control': {
        const control = LiveControl.safeParse(message.control);
        if (message.lastEventId !== null) lastEventId = message.lastEventId;
        if (control.success && role === 'follower') options.onControl(control.data);
        break;
      }
      case 'hello':
        if (role === 'leader') post({ kind: 'resume-point', uid, lastEventId: connection?.lastEventId ?? lastEventId });
        break;
      case 'resume-point':
        if (role === 'follower' && message.lastEventId !== null) lastEventId = message.lastEventId;
        break;
    }
  };

  /** Withdraws this tab from the leader election on stop (a tab alone never enters it). */
  const abandon = new AbortController();
  let releaseLeadership: (() => void) | null = null;
  if (channel && options.locks) {
    channel.addEventListener('message', onMessage);
    post({ kind: 'hello', uid });
    options.locks
      .request(LIVE_LEADER_LOCK, { signal: abandon.signal }, () => {
        if (role === 'stopped') return Promise.resolve();
        role = 'leader';
        openStream();
        // Held until stop() (or until the browser drops it with this tab).
        return new Promise<void>((release) => {
          releaseLeadership = release;
        });
      })
      .catch((error: unknown) => {
        if (!abandon.signal.aborted) console.warn('Live events: the leader lock failed', error);
      });
  } else {
    // No Web Locks or BroadcastChannel: this tab keeps its own stream.
    role = 'solo';
    openStream();
  }

  return {
    get role() {
      return role;
    },
    get lastEventId() {
      return connection?.lastEventId ?? lastEventId;
    },
    stop() {
      if (role === 'stopped') return;
      role = 'stopped';
      connection?.close();
      connection = null;
      abandon.abort();
      releaseLeadership?.();
      channel?.removeEventListener('message', onMessage);
      channel?.close();
    },
  };
}
