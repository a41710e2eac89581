import { afterEach, vi } from 'vitest';

/*
 * Component tests (jsdom) share one waiting budget: a screen's first render loads react-admin and
 * MUI, slower than testing-library's 1 s on a busy machine. Every test waits with these two: the
 * find/waitFor budget of one step, and of one test (the profile's forms take a few steps of
 * seconds each on a shared two-core machine). Tests wait for what the user waits for, never sleep.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 4000 });
  vi.setConfig({ testTimeout: 30_000 });
}

// Component tests render into jsdom; unmount between tests so they never share a DOM.
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});
