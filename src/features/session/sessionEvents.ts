// Session events shared between the browser tabs of one origin (issue #15): a logout, a login or a
// department switch in one tab is announced to the others, which then leave the dead session or take
// up the new one. One BroadcastChannel per tab carries them; where there is none, the `storage` event
// of a localStorage key does (it fires in every other tab of the origin, never in the writer).

/** What happened to the shared session in another tab. */
export type SessionEventType = 'logout' | 'login' | 'depart';

export interface SessionEvent {
  type: SessionEventType;
}

export const SESSION_EVENT_TYPES: readonly SessionEventType[] = ['logout', 'login', 'depart'];

/** The BroadcastChannel's name, and the localStorage key of the fallback. */
export const SESSION_EVENTS_NAME = 'pro__SESSION_EVENT';

type Listener = (event: SessionEvent) => void;

function asSessionEvent(data: unknown): SessionEvent | null {
  const type = (data as { type?: unknown } | null)?.type;
  return SESSION_EVENT_TYPES.includes(type as SessionEventType) ? { type: type as SessionEventType } : null;
}

function hasBroadcastChannel(): boolean {
  return typeof BroadcastChannel === 'function';
}

// The tab's one channel, open while someone listens: a BroadcastChannel does not deliver a message
// to the instance that posted it, but does to another instance in the same tab.
let shared: BroadcastChannel | null = null;
const listeners = new Set<Listener>();

function deliver(data: unknown): void {
  const event = asSessionEvent(data);
  if (event) listeners.forEach((listener) => listener(event));
}

function onStorage(event: StorageEvent): void {
  if (event.key !== SESSION_EVENTS_NAME || event.newValue === null) return;
  try {
    deliver(JSON.parse(event.newValue));
  } catch {
    // Not ours.
  }
}

function open(): void {
  if (hasBroadcastChannel()) {
    shared = new BroadcastChannel(SESSION_EVENTS_NAME);
    shared.onmessage = (message: MessageEvent) => deliver(message.data);
  } else {
    window.addEventListener('storage', onStorage);
  }
}

function close(): void {
  if (shared) {
    shared.close();
    shared = null;
  } else {
    window.removeEventListener('storage', onStorage);
  }
}

/** Calls the listener with every session event of the other tabs, until the returned function is called. */
export function subscribeSessionEvents(listener: Listener): () => void {
  if (listeners.size === 0) open();
  listeners.add(listener);
  return () => {
    if (!listeners.delete(listener)) return;
    if (listeners.size === 0) close();
  };
}

/** Announces a session event to the other tabs of this origin (not to this one). */
export function publishSessionEvent(event: SessionEvent): void {
  if (hasBroadcastChannel()) {
    if (shared) {
      shared.postMessage(event);
      return;
    }
    // Nobody listens in this tab: a passing instance reaches the other tabs all the same.
    const passing = new BroadcastChannel(SESSION_EVENTS_NAME);
    passing.postMessage(event);
    passing.close();
    return;
  }
  // A new value each time, so that the same event twice still fires; removed at once, it leaves no trace.
  localStorage.setItem(
    SESSION_EVENTS_NAME,
    JSON.stringify({ ...event, at: Date.now(), nonce: Math.random() }),
  );
  localStorage.removeItem(SESSION_EVENTS_NAME);
}
