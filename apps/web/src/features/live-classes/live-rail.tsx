import { IconVideo } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LiveSession } from '@ki/contracts';
import { paths } from '../../config/paths';
import { queryClient } from '../../lib/query-client';
import { meQueryOptions, useMe } from '../../lib/session';
import { liveListQuery } from './api/live-list';
import { formatSpan } from './live-time';
import './live-rail.css';

/** Classes and programmes shown on the rail at most. */
const ON_RAIL = 3;

const hasProduct = (me: { school: { products: string[] } | null } | null | undefined) =>
  !!me?.school?.products.includes('liveclasses');

// Asked for as soon as this module arrives (beside the home's own answers), so the rail is drawn with
// the page rather than after it: only for a student of a school with live classes.
if (hasProduct(queryClient.getQueryData(meQueryOptions().queryKey))) void queryClient.prefetchQuery(liveListQuery());

/** What the rail shows: the classes and programmes live now, then the next ones, at most ON_RAIL. */
export function railSessions(list: { classes: LiveSession[]; programmes: LiveSession[] }): LiveSession[] {
  return [...list.classes, ...list.programmes]
    .filter((s) => s.status !== 'ended')
    .sort((a, b) => Number(b.status === 'live') - Number(a.status === 'live') || a.start.localeCompare(b.start))
    .slice(0, ON_RAIL);
}

const LIVE_BADGE = {
  '--ki-badge-bg': 'var(--mantine-color-red-filled)',
  '--ki-badge-color': 'var(--mantine-color-white)',
} as CSSProperties;
const SCHEDULED_BADGE = {
  '--ki-badge-bg': 'var(--mantine-color-blue-light)',
  '--ki-badge-color': 'var(--mantine-color-blue-light-color)',
} as CSSProperties;

/**
 * The learner home's live class rail (issue #26; access-and-app-shell.md 2.8, the concepts home's
 * live-class rail): the student's live classes and educational TV programmes live now and the next
 * ones, each with its time, Live or Scheduled, and Join now on a class open to join. Plain HTML
 * (ui/plain.css): the home draws without Mantine. A school without the liveclasses product, an answer
 * that could not be had, or nothing coming: the home's empty text (`emptyText`).
 */
export function LiveRail({ title, emptyText }: { title: string; emptyText: string }) {
  const { t, i18n } = useTranslation('live');
  const { data: me } = useMe();
  const enabled = hasProduct(me);
  const list = useQuery({ ...liveListQuery(), enabled });
  const sessions = list.data ? railSessions(list.data) : [];
  const waiting = enabled && list.isPending && list.fetchStatus === 'fetching';
  return (
    <section className="ki-card" data-testid="rail-live">
      <div className="ki-row" data-between="">
        <div className="ki-row">
          <IconVideo size={20} aria-hidden="true" />
          <h3 className="ki-title" data-size="h5">
            {title}
          </h3>
        </div>
        {sessions.length > 0 ? (
          <Link to={paths.liveClasses} className="ki-link ki-text-sm" data-testid="rail-live-all">
            {t('rail.seeAll')}
          </Link>
        ) : null}
      </div>
      {sessions.length > 0 ? (
        <ul className="ki-live-list">
          {sessions.map((s) => (
            <li key={s.id} className="ki-live-item" data-testid="rail-live-item" data-kind={s.kind}>
              <span className="ki-live-text">
                <span className="ki-bold ki-live-name">
                  {s.kind === 'programme' ? <span className="ki-live-tv">{t('rail.tv')}</span> : null}
                  {s.name}
                </span>
                <span className="ki-text-xs ki-dimmed">
                  {[s.subjectName, formatSpan(s, i18n.resolvedLanguage)].filter(Boolean).join(' · ')}
                </span>
              </span>
              {s.open && s.joinPath ? (
                <Link
                  to={s.joinPath}
                  className="ki-button"
                  data-size="xs"
                  style={{ '--ki-filled': 'var(--mantine-color-red-filled)' } as CSSProperties}
                  data-testid="rail-live-join"
                >
                  {t('card.join')}
                </Link>
              ) : (
                <span
                  className="ki-badge"
                  style={s.status === 'live' ? LIVE_BADGE : SCHEDULED_BADGE}
                  data-testid="rail-live-status"
                >
                  {t(`status.${s.status}`)}
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="ki-text-sm ki-dimmed ki-m0" style={{ marginTop: 4 }} data-testid="rail-live-status-text">
          {waiting ? t('rail.loading') : emptyText}
        </p>
      )}
    </section>
  );
}
