import type { FetchStatus, QueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { i18next } from '../lib/i18n';
import { isUnreachable, keepAnswers, savedAnswers, type SavedAnswers } from '../lib/saved-answers';
import { noticeState, savedTimeParts, type ShownAnswer } from '../lib/saved-time';

// Loaded (with the device store) only once the first screen is up, or at once offline: the first
// load carries none of it. It takes nothing from the first load that it can be handed instead (the
// query client, from the layout; a page's loader): a module shared with this chunk is split out of
// the first load's main file into one more file. Its strings come with it, in every language (a few hundred bytes each), so the
// first load's table of string files does not grow either.
const STRINGS = import.meta.glob<Record<string, unknown>>('../locales/*/offline.json', {
  eager: true,
  import: 'default',
});
for (const [path, strings] of Object.entries(STRINGS)) {
  const language = path.split('/')[2];
  if (language) i18next.addResourceBundle(language, 'offline', strings);
}

/** The browser's online state, from its own events. */
function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('online', onChange);
      window.addEventListener('offline', onChange);
      return () => {
        window.removeEventListener('online', onChange);
        window.removeEventListener('offline', onChange);
      };
    },
    () => navigator.onLine,
  );
}

/** Re-reads the query cache whenever it changes: which answers are on screen, and from where. */
function useShownAnswers(saved: SavedAnswers | null): ShownAnswer[] {
  const client: QueryClient | undefined = saved?.client;
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (!client || !saved) return;
    const bump = () => setVersion((n) => n + 1);
    const stopCache = client.getQueryCache().subscribe(bump);
    const stopSaved = saved.subscribe(bump);
    return () => {
      stopCache();
      stopSaved();
    };
  }, [client, saved]);
  const shown: ShownAnswer[] = [];
  for (const query of client?.getQueryCache().getAll() ?? []) {
    const { data } = query.state;
    if (data === undefined || query.getObserversCount() === 0) continue;
    if (query.meta?.savedAt) shown.push({ savedAt: query.meta.savedAt(data), fromDevice: false });
    else if (query.meta?.saveOnDevice)
      shown.push({ savedAt: query.state.dataUpdatedAt, fromDevice: !!saved?.isFromDevice(query) });
  }
  return shown;
}

/**
 * The notice over every signed-in page (access-and-app-shell.md 4.7): offline, or when the server
 * could not be reached and the page shows the device's copy, it says so and how old that copy is.
 */
function OfflineNotice() {
  const { t, i18n } = useTranslation('offline');
  const online = useOnline();
  const { show, savedAt } = noticeState(useShownAnswers(savedAnswers()), online);
  // The clock is read when the notice first draws; it only decides "today" or the date.
  const [now] = useState(() => Date.now());
  if (!show) return null;
  let text: string;
  // Online the notice only shows for restored answers, which always carry their time.
  if (savedAt === undefined) text = t('notice.offline');
  else {
    const { today, time, date } = savedTimeParts(savedAt, now, i18n.resolvedLanguage);
    const prefix = online ? 'notice.unreachableSaved' : 'notice.offlineSaved';
    text = t(today ? `${prefix}Today` : `${prefix}Earlier`, { time, date });
  }
  return (
    <div className="ki-alert" data-color="yellow" role="status" data-testid="offline-notice">
      {text}
    </div>
  );
}

export interface Missing {
  query: { error: unknown; fetchStatus: FetchStatus; refetch: () => unknown };
  /** The page's failure text (the server answered with an error). */
  failedText: string;
  /** What the page says offline when nothing is saved (a default otherwise). */
  offlineText?: string;
  /** Shown while the answer may still come (asked for, or being looked for on the device). */
  loader: ReactNode;
}

const NO_KEEPER = () => () => undefined;

/**
 * What a page shows when its answer is not here: while the device is being searched, the loader;
 * then why (offline and never saved here, the server unreachable, or the page's own failure text)
 * with "Try again".
 */
function NotOnDevice({ query, failedText, offlineText, loader }: Missing) {
  const { t } = useTranslation('offline');
  const online = useOnline();
  const saved = savedAnswers();
  const looking = useSyncExternalStore(
    saved ? (onChange) => saved.subscribe(onChange) : NO_KEEPER,
    () => !!saved?.isLooking(),
  );
  if (query.fetchStatus === 'fetching' || looking) return loader;
  const text = !online ? (offlineText ?? t('missing')) : isUnreachable(query.error) ? t('unreachable') : failedText;
  return (
    <div className="ki-alert ki-stack" data-color={online ? 'red' : 'yellow'} role="alert" data-testid="not-on-device">
      <span>{text}</span>
      <div>
        <button
          type="button"
          className="ki-button"
          data-size="sm"
          onClick={() => void query.refetch()}
          data-testid="try-again"
        >
          {t('tryAgain')}
        </button>
      </div>
    </div>
  );
}

/**
 * The layout's notice (given the query client, it starts keeping the learner pages' answers on the
 * device first: the layout draws it above the page, so a page's missing answer is looked for on the
 * device before the page says it is not there), or a page's missing answer: one part, one file.
 */
export function OfflinePart({ client, missing }: { client?: QueryClient; missing?: Missing }) {
  if (client) keepAnswers(client);
  return missing ? <NotOnDevice {...missing} /> : <OfflineNotice />;
}
