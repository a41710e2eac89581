import { afterAll, afterEach, vi } from 'vitest';

/** The timers as the environment made them, kept across the files that share a jsdom (see trackShortTimers). */
const REAL_TIMERS = Symbol.for('flock.realTimers');
type RealTimers = { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout };

/*
 * Component tests (jsdom) share one waiting budget: a screen's first render loads react-admin and
 * MUI, slower than testing-library's 1 s on a busy machine. Every test waits with these two: the
 * find/waitFor budget of one step, and of one test (the profile's forms take a few steps of
 * seconds each on a shared two-core machine). Tests wait for what the user waits for, never sleep.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
  vi.setConfig({ testTimeout: 60_000 });
  startFromBlankPage();
  // The app's own modules start afresh in each file, as isolated files did (module-level query
  // clients, stores, mocks such as App.test.tsx's); react-admin, MUI and React stay loaded.
  vi.resetModules();
  trackShortTimers();
  await insertStylesAsRules();
  // Screens render here without the signed-in layout that loads the areas' texts.
  const { loadAreaTexts } = await import('@/src/i18n');
  await loadAreaTexts();
}

// Component tests render into jsdom; unmount between tests so they never share a DOM.
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});

/**
 * MUI's styles go into jsdom as rules of one style sheet (emotion's "speedy" mode, its production
 * way) rather than as one <style> element per rule (its development way): jsdom then parses each
 * rule alone instead of adding a node and a sheet to the page for it (docs/decisions/0221).
 */
async function insertStylesAsRules() {
  const [{ createElement }, { renderToString }, { __unsafe_useEmotionCache }] = await Promise.all([
    import('react'),
    import('react-dom/server'),
    import('@emotion/react'),
  ]);
  // @emotion/react's default cache, the one MUI writes into: read by rendering a component that asks for it.
  renderToString(
    createElement(() => {
      const cache = __unsafe_useEmotionCache();
      if (cache) cache.sheet.isSpeedy = true;
      return null;
    }),
  );
}

/**
 * The web project's files share one jsdom per worker (vitest.config.ts); each starts as a fresh
 * jsdom would: no DOM left over, empty storage, at the first URL, without a title.
 */
function startFromBlankPage() {
  document.head.querySelectorAll('title').forEach((title) => title.remove());
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
}

/**
 * A debounce still pending when a file ends (react-admin's autocomplete filters its choices
 * 250 ms after the last keystroke) would fire after jsdom is gone and crash in React. The file
 * ends once the short timers it started have run; long ones (react-query's cache collection,
 * minutes away) are left to the worker's end.
 */
function trackShortTimers() {
  const SHORT_MS = 1000;
  const pending = new Set<unknown>();
  // The web project's files share a jsdom (this file runs again before each): wrap the real timers, not the last file's wrappers.
  const real = ((globalThis as { [REAL_TIMERS]?: RealTimers })[REAL_TIMERS] ??= { setTimeout, clearTimeout });
  const realSetTimeout = real.setTimeout;
  const realClearTimeout = real.clearTimeout;
  globalThis.setTimeout = ((fn: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    if (typeof fn !== 'function' || (ms ?? 0) > SHORT_MS) return realSetTimeout(fn, ms, ...args);
    const id = realSetTimeout(() => {
      pending.delete(id);
      fn(...args);
    }, ms);
    pending.add(id);
    return id;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((id: Parameters<typeof clearTimeout>[0]) => {
    pending.delete(id);
    realClearTimeout(id);
  }) as typeof clearTimeout;
  afterAll(async () => {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
    // Each round lets the timers due run; a timer that keeps re-arming itself stops the wait at 5 s.
    for (const stop = Date.now() + 5000; pending.size > 0 && Date.now() < stop;) {
      await new Promise((resolve) => realSetTimeout(resolve, 50));
    }
  });
}
