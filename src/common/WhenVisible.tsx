import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box } from '@mui/material';

/**
 * Renders children once their place scrolls into the viewport. A part far down a page (the
 * overview's charts, on a phone) then costs neither its code, its data nor its render at the
 * page's load. Until then its place holds minHeight, so nothing jumps when it renders. Without
 * IntersectionObserver (an old browser, jsdom) it renders at once.
 */
export function WhenVisible({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (inView || !place.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setInView(true));
    observer.observe(place.current);
    return () => observer.disconnect();
  }, [inView]);
  return inView ? children : <Box ref={place} sx={{ minHeight }} />;
}
