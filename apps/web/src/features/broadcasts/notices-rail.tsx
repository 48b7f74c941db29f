import { IconSpeakerphone } from '@tabler/icons-react';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyBroadcasts } from '@ki/contracts';
import { formatDate } from '../../lib/format-date';
import { useMarkBroadcastRead } from './api/mark-read';
import { useMyBroadcasts } from './api/my-broadcasts';
import { NoticeLink, PlainDialog } from './components/notice-dialog';
import { NoticePicture } from './notice-picture';
import './notices.css';

type Notice = MyBroadcasts['broadcasts'][number];

/** Notices shown on the rail itself; the rest are a tap away, under "See all". */
const ON_RAIL = 3;

/** What the dialog shows: every notice, or one (`fromList`: opened from that list, so Back returns to it). */
type Open = { kind: 'all' } | { kind: 'notice'; id: number; fromList: boolean };

/**
 * The learner home's notices rail (issue #26, "Broadcasts"; access-and-app-shell.md 2.8, the
 * concepts home's broadcast rail): the latest notices of the student's school for their grade, an
 * unread one marked with a dot, and how many are new. Opening one shows its whole text and link and
 * marks it read. Plain HTML (ui/plain.css): the home draws without Mantine. Offline it shows the
 * notices last loaded (kept on the device, lib/saved-answers.ts), or says they come when online.
 * `emptyText` is the home's own empty-rail text, kept for a school with no notices.
 */
export function NoticesRail({ emptyText }: { emptyText: string }) {
  const { t, i18n } = useTranslation('notices');
  const notices = useMyBroadcasts();
  const markRead = useMarkBroadcastRead();
  const [open, setOpen] = useState<Open | null>(null);
  const list = notices.data?.broadcasts ?? [];
  const unread = notices.data?.unread ?? 0;
  const date = (n: Notice) => formatDate(n.createdAt, i18n.resolvedLanguage);

  const openNotice = (n: Notice, fromList: boolean) => {
    setOpen({ kind: 'notice', id: n.id, fromList });
    if (!n.read) markRead.mutate(n.id);
  };

  const row = (n: Notice, fromList: boolean) => (
    <li key={n.id}>
      <button
        type="button"
        className="ki-unstyled-button ki-notice-row"
        data-unread={n.read ? undefined : ''}
        onClick={() => openNotice(n, fromList)}
        data-testid="notice-row"
      >
        <span className="ki-notice-dot" aria-hidden="true" />
        {/* One line each on the rail; whole in the list of all, where there is room. */}
        <span
          className={fromList ? 'ki-notice-title' : 'ki-notice-title ki-truncate'}
          style={{ overflowWrap: 'anywhere' }}
        >
          {n.read ? null : <span className="ki-sr-only">{t('reader.unreadMark')}: </span>}
          {n.title}
        </span>
        <span className="ki-notice-date ki-text-xs ki-dimmed">{date(n)}</span>
      </button>
    </li>
  );

  const waiting = notices.isPending && notices.fetchStatus === 'fetching';
  const status = waiting
    ? t('loading')
    : notices.data === undefined
      ? t(navigator.onLine && notices.isError ? 'reader.failed' : 'reader.offline')
      : emptyText;

  const shown = open?.kind === 'notice' ? list.find((n) => n.id === open.id) : undefined;
  return (
    <section className="ki-card" data-testid="rail-broadcast">
      <div className="ki-row" data-between="">
        <div className="ki-row">
          <IconSpeakerphone size={20} aria-hidden="true" />
          <h3 className="ki-title" data-size="h5">
            {t('reader.title')}
          </h3>
          {unread > 0 ? (
            <span
              className="ki-badge"
              style={
                {
                  '--ki-badge-bg': 'var(--mantine-color-red-light)',
                  '--ki-badge-color': 'var(--mantine-color-red-light-color)',
                } as CSSProperties
              }
              data-testid="notices-unread"
            >
              {t('reader.unread', { count: unread })}
            </span>
          ) : null}
        </div>
        {list.length > 0 ? (
          <button
            type="button"
            className="ki-unstyled-button ki-link ki-text-sm"
            onClick={() => setOpen({ kind: 'all' })}
            data-testid="notices-see-all"
          >
            {t('reader.seeAll')}
          </button>
        ) : null}
      </div>
      {list.length > 0 ? (
        <ul className="ki-notice-list">{list.slice(0, ON_RAIL).map((n) => row(n, false))}</ul>
      ) : (
        <p className="ki-text-sm ki-dimmed ki-m0" style={{ marginTop: 4 }} data-testid="notices-status">
          {status}
        </p>
      )}
      {open?.kind === 'all' ? (
        <PlainDialog
          title={t('reader.all')}
          closeLabel={t('reader.close')}
          onClose={() => setOpen(null)}
          testId="notices-all"
        >
          <ul className="ki-notice-list ki-m0">{list.map((n) => row(n, true))}</ul>
        </PlainDialog>
      ) : null}
      {shown && open?.kind === 'notice' ? (
        <PlainDialog
          key={shown.id}
          title={shown.title}
          closeLabel={t('reader.close')}
          onClose={() => setOpen(null)}
          onBack={open.fromList ? () => setOpen({ kind: 'all' }) : undefined}
          backLabel={t('reader.back')}
          testId="notice-open"
        >
          <p className="ki-text-xs ki-dimmed ki-m0" data-testid="notice-meta">
            {shown.author ? t('reader.dateFrom', { date: date(shown), name: shown.author }) : date(shown)}
          </p>
          {shown.body ? (
            <p className="ki-notice-text" data-testid="notice-body">
              {shown.body}
            </p>
          ) : null}
          <NoticePicture notice={shown} alt={t('reader.picture')} />
          {shown.linkUrl ? <NoticeLink href={shown.linkUrl} label={t('reader.openLink')} /> : null}
        </PlainDialog>
      ) : null}
    </section>
  );
}
