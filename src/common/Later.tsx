import { useDeferredValue, type ReactNode } from 'react';

/**
 * Renders children in a render of their own after the page's first commit (React's deferred
 * render: sliced, so the page's main thread is never blocked by it for long), `steps` renders
 * later. A part of a screen below a phone's first screenful then costs no long task when the
 * screen's data arrives (docs/decisions/0252).
 */
export function Later({ children, steps = 1 }: { children: ReactNode; steps?: number }) {
  const ready = useDeferredValue(true, false);
  if (!ready) return null;
  return steps > 1 ? <Later steps={steps - 1}>{children}</Later> : children;
}
