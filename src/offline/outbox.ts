/**
 * Saves that wait on this phone for the network (docs/decisions/0206): the raw IndexedDB API in
 * one small module. Each save keeps the idempotency key it is sent with, every time, so a retry
 * whose first try did arrive is answered as that try was and never counts twice
 * (docs/decisions/0205). Entries are their owner's: another person signed in on the phone
 * neither sees nor sends them.
 */

export type SaveState = 'waiting' | 'sent' | 'conflict' | 'refused';

export type QueuedSave = {
  /** The idempotency key, also the entry's key. */
  key: string;
  owner: string;
  centerId: string;
  meetingDate: string;
  /** The call's body (without idempotencyKey, which is the key above). */
  body: Record<string, unknown>;
  state: SaveState;
  queuedAt: string;
  sentAt?: string;
  /** The server's message for a conflict or a refusal. */
  message?: string;
  /** What the server kept, once sent. */
  result?: { meetingId: string; presentCount: number; membersCount: number; visitorCount: number; updatedAt: string };
};

const DB_NAME = 'flock-offline';
const STORE = 'saves';
/** Sent saves kept to show the leader, newest first. */
const SENT_KEPT = 20;

let opening: Promise<IDBDatabase> | undefined;

function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'key' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      opening = undefined;
      reject(req.error ?? new Error('IndexedDB did not open'));
    };
  });
  return opening;
}

/** One transaction on the store; resolves with fn's request's result once the transaction commits. */
async function inStore<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  const db = await openDb();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = fn(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(req ? req.result : undefined);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Whether this browser can keep saves (jsdom and some private modes cannot). */
export const canQueue = () => typeof indexedDB !== 'undefined';

/** A new idempotency key: random, from getRandomValues (crypto.randomUUID needs https). */
export function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The owner's saves, oldest first. */
export async function listSaves(owner: string): Promise<QueuedSave[]> {
  const all = (await inStore<QueuedSave[]>('readonly', (s) => s.getAll() as IDBRequest<QueuedSave[]>)) ?? [];
  return all.filter((e) => e.owner === owner).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

export const putSave = (entry: QueuedSave) => inStore('readwrite', (s) => void s.put(entry));
export const removeSave = (key: string) => inStore('readwrite', (s) => void s.delete(key));

/**
 * Queues a save. A save still waiting for the same center and date is replaced (it was never
 * sent, and the newer one is what the leader means); old sent entries beyond SENT_KEPT go.
 */
export async function queueSave(entry: QueuedSave) {
  const mine = await listSaves(entry.owner);
  const replaced = mine.filter((e) => e.state === 'waiting' && e.centerId === entry.centerId && e.meetingDate === entry.meetingDate);
  const sent = mine.filter((e) => e.state === 'sent').sort((a, b) => (b.sentAt ?? '').localeCompare(a.sentAt ?? ''));
  const db = await openDb();
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(STORE, 'readwrite');
    const store = tx.objectStore(STORE);
    for (const old of [...replaced, ...sent.slice(SENT_KEPT)]) store.delete(old.key);
    store.put(entry);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
  notifyChanged();
}

/** Tells every open screen of this tab that the saves changed. */
const listeners = new Set<() => void>();
export function onSavesChanged(fn: () => void) {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}
export function notifyChanged() {
  for (const fn of listeners) fn();
}

/** A failure of the network itself (no answer at all), as opposed to the server's answer. */
export const isNetworkFailure = (error: unknown) =>
  error instanceof TypeError || (typeof navigator !== 'undefined' && !navigator.onLine && !(error as { status?: number })?.status);

type Send = (body: Record<string, unknown>) => Promise<{ data?: Record<string, unknown> }>;

let sending: Promise<void> | undefined;

/**
 * Sends the owner's waiting saves in the order they were made, each with its key. Stops at the
 * first network failure (the rest wait for the next try); a 409 (a newer save of that meeting on
 * the server) is kept as a conflict for the leader to decide; another refusal is kept with its message.
 */
export function sendWaiting(owner: string, send: Send): Promise<void> {
  sending ??= (async () => {
    try {
      for (const entry of await listSaves(owner)) {
        if (entry.state !== 'waiting') continue;
        try {
          const answer = await send({ ...entry.body, idempotencyKey: entry.key });
          const m = answer.data ?? {};
          await putSave({
            ...entry,
            state: 'sent',
            sentAt: new Date().toISOString(),
            message: undefined,
            result: {
              meetingId: String(m.id),
              presentCount: Number(m.presentCount),
              membersCount: Number(m.membersCount),
              visitorCount: Number(m.visitorCount),
              updatedAt: String(m.updatedAt),
            },
          });
        } catch (error) {
          if (isNetworkFailure(error)) break;
          const status = (error as { status?: number }).status;
          if (status === 401 || status === undefined || status >= 500) break;
          await putSave({ ...entry, state: status === 409 ? 'conflict' : 'refused', message: (error as Error).message });
        }
        notifyChanged();
      }
    } finally {
      sending = undefined;
      notifyChanged();
    }
  })();
  return sending;
}
