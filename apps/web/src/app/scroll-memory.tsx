import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each history entry was scrolled to, by entry key (for this tab's life). */
const positions = new Map<string, number>();
let currentKey = '';
let currentPath = '';
/** How long Back waits for a page's content to be tall enough to scroll to where it was. */
const RESTORE_FRAMES = 60;

/**
 * A new page opens at its top; Back and Forward return to where the page was scrolled. A change of
 * the address's search only (a tab, a page of a table, a drill level) keeps the scroll.
 * React Router's ScrollRestoration does the same but adds about 1 KB to every first load, which
 * the learner's budget (/concepts) has no room for.
 */
export function ScrollMemory() {
  const { key, pathname } = useLocation();
  const type = useNavigationType();

  useEffect(() => {
    // (A scroll event cannot be cancelled: the listener never holds scrolling up.)
    const remember = () => positions.set(currentKey, window.scrollY);
    window.addEventListener('scroll', remember);
    return () => window.removeEventListener('scroll', remember);
  }, []);

  useLayoutEffect(() => {
    const samePage = pathname === currentPath;
    const firstPage = currentKey === '';
    currentKey = key;
    currentPath = pathname;
    if (type !== 'POP') {
      if (!samePage) window.scrollTo(0, 0);
      return;
    }
    // The document's first page is where the browser put it (the top, or its own place on a reload):
    // touching the scroll here would make the phone lay the whole page out in the middle of React's
    // first commit, one long task instead of two short ones.
    if (firstPage && !positions.has(key)) return;
    const target = positions.get(key) ?? 0;
    // The page may still be filling in (its code or answers arriving): try again each frame until
    // it is tall enough, or for at most a second.
    let frame = 0;
    let handle = 0;
    const restore = () => {
      window.scrollTo(0, target);
      if (window.scrollY < target - 1 && ++frame < RESTORE_FRAMES) handle = requestAnimationFrame(restore);
    };
    restore();
    return () => cancelAnimationFrame(handle);
    // Only a new history entry moves the scroll; its pathname and type come with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return null;
}
