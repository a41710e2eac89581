import { describe, expect, it } from 'vitest';
import { ApiError } from '@/server/http/errors.js';
import { ADDRESS_BUSY, createHashGate, PRIORITY, SERVER_BUSY, type Priority } from './hashGate.js';

/** Work the test finishes by hand, so nothing here waits for a clock. */
function held() {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  return {
    started,
    work: (name: string) => () =>
      new Promise<string>((resolve) => {
        started.push(name);
        finishers.set(name, () => resolve(name));
      }),
    finish: (name: string) => finishers.get(name)!(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: ApiError) => err,
  );

describe('createHashGate', () => {
  it('runs at most `concurrency` at once, the rest in turn', async () => {
    const gate = createHashGate({ concurrency: 2, queue: 10, perAddress: 2, addressLine: 10 });
    const h = held();
    const runs = ['a', 'b', 'c', 'd'].map((name, i) => gate.run(`10.0.0.${i}`, PRIORITY.clean, h.work(name)));
    await settle();
    expect(h.started).toEqual(['a', 'b']);
    expect(gate.state()).toEqual({ running: 2, queued: 2, lined: 0 });
    h.finish('a');
    await settle();
    expect(h.started).toEqual(['a', 'b', 'c']);
    for (const name of ['b', 'c']) h.finish(name);
    await settle();
    h.finish('d');
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd']);
    expect(gate.state()).toEqual({ running: 0, queued: 0, lined: 0 });
  });

  it('answers 503 with Retry-After beyond the queue, and forgets the refused', async () => {
    const gate = createHashGate({ concurrency: 1, queue: 1, perAddress: 2, addressLine: 10 });
    const h = held();
    const first = gate.run('10.0.0.1', PRIORITY.clean, h.work('a'));
    const second = gate.run('10.0.0.2', PRIORITY.clean, h.work('b'));
    const err = await refusal(gate.run('10.0.0.3', PRIORITY.clean, h.work('c')));
    expect(err).toMatchObject({ status: 503, message: SERVER_BUSY, headers: { 'retry-after': '2' } });
    h.finish('a');
    await settle();
    h.finish('b');
    expect(await Promise.all([first, second])).toEqual(['a', 'b']);
    expect(h.started).toEqual(['a', 'b']);
    expect(gate.state()).toEqual({ running: 0, queued: 0, lined: 0 });
  });

  it('lets a better priority in ahead of worse ones, refusing the worst when the queue is full', async () => {
    const gate = createHashGate({ concurrency: 1, queue: 2, perAddress: 2, addressLine: 10 });
    const h = held();
    const order: string[] = [];
    const run = (name: string, priority: Priority) =>
      refusal(gate.run(`addr-${name}`, priority, h.work(name)).then((v) => void order.push(v)));
    const running = run('flood-1', PRIORITY.suspect);
    const flood2 = run('flood-2', PRIORITY.suspect);
    const flood3 = run('flood-3', PRIORITY.suspect);
    const owner = run('owner', PRIORITY.known);
    const stranger = run('newcomer', PRIORITY.clean);
    // The queue held flood-2 and flood-3; the owner and the newcomer took their places.
    expect(await flood3).toMatchObject({ status: 503 });
    expect(await flood2).toMatchObject({ status: 503 });
    h.finish('flood-1');
    await settle();
    h.finish('owner');
    await settle();
    h.finish('newcomer');
    await Promise.all([running, owner, stranger]);
    expect(order).toEqual(['flood-1', 'owner', 'newcomer']);
  });

  it('refuses a newcomer no better than a full queue', async () => {
    const gate = createHashGate({ concurrency: 1, queue: 1, perAddress: 2, addressLine: 10 });
    const h = held();
    void gate.run('a', PRIORITY.known, h.work('a'));
    void gate.run('b', PRIORITY.known, h.work('b'));
    expect(await refusal(gate.run('c', PRIORITY.known, h.work('c')))).toMatchObject({ status: 503 });
  });

  it('keeps one address to `perAddress` running or queued; the rest wait in its line, in order', async () => {
    const gate = createHashGate({ concurrency: 4, queue: 4, perAddress: 2, addressLine: 3 });
    const h = held();
    const names = ['p1', 'p2', 'p3', 'p4', 'p5'];
    const runs = names.map((name) => gate.run('192.168.1.1', PRIORITY.clean, h.work(name)));
    await settle();
    expect(h.started).toEqual(['p1', 'p2']);
    expect(gate.state()).toEqual({ running: 2, queued: 0, lined: 3 });
    // The line is full: one more from that address is a 429; another address still gets in.
    expect(await refusal(gate.run('192.168.1.1', PRIORITY.clean, h.work('p6')))).toMatchObject({
      status: 429,
      message: ADDRESS_BUSY,
      headers: { 'retry-after': '2' },
    });
    const other = gate.run('192.168.1.2', PRIORITY.clean, h.work('other'));
    await settle();
    expect(h.started).toEqual(['p1', 'p2', 'other']);
    for (const name of names) {
      h.finish(name);
      await settle();
    }
    h.finish('other');
    expect(await Promise.all([...runs, other])).toEqual([...names, 'other']);
    expect(gate.state()).toEqual({ running: 0, queued: 0, lined: 0 });
  });

  it('frees its place when the work fails', async () => {
    const gate = createHashGate({ concurrency: 1, queue: 0, perAddress: 1, addressLine: 0 });
    await expect(gate.run('a', PRIORITY.clean, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run('a', PRIORITY.clean, async () => 'again')).toBe('again');
  });
});

describe('createHashGate and failing addresses', () => {
  it('keeps one place of two for callers in good standing', async () => {
    const gate = createHashGate({ concurrency: 2, queue: 10, perAddress: 2, addressLine: 10 });
    const h = held();
    const floods = [1, 2, 3].map((i) => gate.run(`10.0.0.${i}`, PRIORITY.suspect, h.work(`flood-${i}`)));
    await settle();
    expect(h.started).toEqual(['flood-1']);
    const owner = gate.run('198.51.100.1', PRIORITY.known, h.work('owner'));
    await settle();
    expect(h.started).toEqual(['flood-1', 'owner']);
    h.finish('owner');
    expect(await owner).toBe('owner');
    await settle();
    expect(h.started).toEqual(['flood-1', 'owner']);
    h.finish('flood-1');
    await settle();
    h.finish('flood-2');
    await settle();
    h.finish('flood-3');
    expect(await Promise.all(floods)).toEqual(['flood-1', 'flood-2', 'flood-3']);
  });
});
