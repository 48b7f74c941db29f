import { IconBookmark } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PanelEntry } from '../attempt-view';
import { statusCounts } from '../attempt-view';

const LEGEND = ['answered', 'unanswered', 'review', 'not_visited'] as const;

/**
 * The question-status panel (spec 3): one chip per question coloured answered / unanswered / to be
 * reviewed / not visited, the current one outlined, bookmarked ones with a ribbon, answers not yet
 * on the server with a dot; a tap opens the question. The legend counts each status.
 */
export function StatusPanel({ entries, onOpen }: { entries: PanelEntry[]; onOpen: (position: number) => void }) {
  const { t } = useTranslation('assessment');
  const counts = statusCounts(entries);
  return (
    <nav aria-label={t('panel.title')} data-testid="status-panel">
      <ol className="ki-status-grid">
        {entries.map((e) => {
          const parts = [t(`status.${e.base}`)];
          if (e.status === 'current') parts.push(t('status.current'));
          if (e.bookmarked) parts.push(t('status.bookmarked'));
          if (e.pending) parts.push(t('status.pending'));
          return (
            <li key={e.position}>
              <button
                type="button"
                className="ki-status-chip"
                data-status={e.base}
                data-current={e.status === 'current' ? '' : undefined}
                data-pending={e.pending ? '' : undefined}
                aria-current={e.status === 'current' ? 'step' : undefined}
                aria-label={t('panel.item', { n: e.position, status: parts.join(', ') })}
                onClick={() => onOpen(e.position)}
                data-testid={`panel-q${e.position}`}
              >
                {e.position}
                {e.bookmarked ? <IconBookmark size={16} fill="currentColor" aria-hidden="true" /> : null}
              </button>
            </li>
          );
        })}
      </ol>
      <ul className="ki-status-legend" data-testid="status-legend">
        {LEGEND.map((s) => (
          <li key={s} data-testid={`legend-${s}`}>
            <span className="ki-status-dot" data-status={s} aria-hidden="true" />
            <span>{t(`status.${s}`)}</span>
            <b>{counts[s]}</b>
          </li>
        ))}
        <li data-testid="legend-bookmarked">
          <IconBookmark size={14} fill="currentColor" color="var(--mantine-color-yellow-filled)" aria-hidden="true" />
          <span>{t('status.bookmarked')}</span>
          <b>{counts.bookmarked}</b>
        </li>
        <li>
          <span className="ki-status-dot" data-status="current" aria-hidden="true" />
          {t('status.current')}
        </li>
      </ul>
    </nav>
  );
}
