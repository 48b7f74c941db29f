import { useLocation, useSearchParams } from 'react-router';

/**
 * Where a history entry stands, kept in the entry's state (it survives a reload of that entry):
 * `fromApp` when another screen of the app opened this one (a Link with OPENED_FROM_APP), and
 * `depth`, how many places of the same screen (drill levels, another grade) were opened since.
 * A back button walks exactly that far, so it returns to the place the user left, scroll included.
 */
export interface PlaceState {
  fromApp: boolean;
  depth: number;
}

export function placeOf(state: unknown): PlaceState {
  const s = (state ?? {}) as Partial<PlaceState>;
  return { fromApp: s.fromApp === true, depth: typeof s.depth === 'number' && s.depth > 0 ? s.depth : 0 };
}

/** The state of a link from one screen to another: the opened screen's Back returns here. */
export const OPENED_FROM_APP: PlaceState = { fromApp: true, depth: 0 };

/** Values of search params to set; null removes the param. */
export type ParamChanges = Record<string, string | number | null>;

/**
 * A screen's state in its address (?grade=7&tab=insights&page=2): a reload, a shared link and Back
 * show the same view. `view` changes (a tab, a page of a table, a search) replace the current entry,
 * so Back leaves the screen as it was last seen; `place` changes (a drill level, another grade or
 * subject) add an entry, so Back walks through them. Neither scrolls the page to the top.
 *
 * Both render at once (flushSync), not as a deferred transition (the router's default): on a slow
 * phone a deferred render left the previous grade's cards and rows on screen, and tappable, for a
 * moment after another grade's tab was chosen, so a tap could open a student of the wrong grade.
 * (flushSync needs the DOM build of the router's provider, `react-router/dom`: app/router.tsx.)
 */
export function useUrlState() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const change = (changes: ParamChanges, kind: 'view' | 'place') => {
    const here = placeOf(location.state);
    void setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      {
        replace: kind === 'view',
        preventScrollReset: true,
        flushSync: true,
        state: kind === 'view' ? here : { ...here, depth: here.depth + 1 },
      },
    );
  };
  return {
    params,
    setView: (changes: ParamChanges) => change(changes, 'view'),
    setPlace: (changes: ParamChanges) => change(changes, 'place'),
  };
}

/** A whole number from 1 up in a search param, or null. */
export function positiveParam(params: URLSearchParams, key: string): number | null {
  const n = Number(params.get(key));
  return Number.isInteger(n) && n > 0 ? n : null;
}
