import { afterEach } from 'vitest';

// Component tests render into jsdom; unmount between tests so they never share a DOM.
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});
