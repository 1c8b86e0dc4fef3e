import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` (typically a lazily loaded component) once the spot comes near the viewport,
 * and `fallback` until then: below-the-fold widgets stay out of a page's initial JavaScript.
 * Without IntersectionObserver it renders the children at once.
 */
export function WhenVisible({ children, fallback, rootMargin = '400px' }: { children: ReactNode; fallback: ReactNode; rootMargin?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (visible || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, rootMargin]);

  return <div ref={ref}>{visible ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}</div>;
}
