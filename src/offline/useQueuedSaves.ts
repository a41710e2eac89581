import { useCallback, useEffect, useState } from 'react';
import { readUser } from '@/src/authProvider/session';
import { canQueue, listSaves, onSavesChanged, sendWaiting, type QueuedSave } from './outbox';

/** How often waiting saves are tried again while the browser believes it is online (besides its 'online' event). */
const RETRY_MS = 30_000;

type Send = Parameters<typeof sendWaiting>[1];

/**
 * The signed-in person's queued saves, read again whenever they change, and sent when the network
 * returns: at once, on the browser's 'online' event, and every half minute while some wait.
 */
export function useQueuedSaves(send: Send) {
  const owner = readUser()?.id;
  const [saves, setSaves] = useState<QueuedSave[]>([]);
  const reload = useCallback(() => {
    if (!owner || !canQueue()) return;
    // None before and none now keeps the same state: the page holding the form is not drawn again.
    const keep = (next: QueuedSave[]) => setSaves((now) => (now.length || next.length ? next : now));
    void listSaves(owner).then(keep, () => keep([]));
  }, [owner]);
  const sendNow = useCallback(() => {
    if (!owner || !canQueue() || !navigator.onLine) return Promise.resolve();
    return sendWaiting(owner, send);
  }, [owner, send]);
  const waiting = saves.some((s) => s.state === 'waiting');
  useEffect(() => {
    reload();
    return onSavesChanged(reload);
  }, [reload]);
  useEffect(() => {
    void sendNow();
    window.addEventListener('online', sendNow);
    return () => window.removeEventListener('online', sendNow);
  }, [sendNow]);
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void sendNow(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [waiting, sendNow]);
  return { owner, saves, sendNow };
}
