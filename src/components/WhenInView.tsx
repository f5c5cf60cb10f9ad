// Renders its children once their place (kept at `minHeight`) comes into view: a section below the fold (the
// home tab's KPI board) loads its code and data when the user scrolls to it, not with the first paint
// (issue #23). Without IntersectionObserver it renders them at once.
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function WhenInView({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = place.current;
    if (near || !node) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [near]);
  return near ? children : <div ref={place} style={{ minHeight }} />;
}
