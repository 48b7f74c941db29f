import { IconBook2, IconBroadcast, IconVideo } from '@tabler/icons-react';
import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useMe } from '../../lib/session';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { NotOnDevice } from '../../ui/offline-parts';
import { useLearnProgress } from './api/get-learn-progress';
import { useMySubjects } from './api/get-my-subjects';
import { themeColor } from './subject-theme';
import './concepts-page.css';

// The student's first screen after sign-in is plain HTML and CSS (ui/plain.css), with no Mantine
// code, so a phone's first download stays small (docs/PERFORMANCE.md, "A Mantine-free first load").

/** A progress bar; the label names it for screen readers, or it is decorative (`label` omitted). */
function ProgressBar({ percent, label, style }: { percent: number; label?: string; style?: CSSProperties }) {
  const value = Math.round(Math.min(100, Math.max(0, percent)));
  const bar = label
    ? { role: 'progressbar', 'aria-label': label, 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-valuenow': value }
    : { 'aria-hidden': true };
  return (
    <div className="ki-progress" style={style} {...bar}>
      <span style={{ width: `${value}%` }} />
    </div>
  );
}

/** A rail of the concepts home; live classes and broadcasts are not built yet, so it shows its empty state. */
function EmptyRail({ title, text, icon, testId }: { title: string; text: string; icon: ReactNode; testId: string }) {
  return (
    <section className="ki-card" data-testid={testId}>
      <div className="ki-row" style={{ marginBottom: 4 }}>
        {icon}
        <h3 className="ki-title" data-size="h5">
          {title}
        </h3>
      </div>
      <p className="ki-text-sm ki-dimmed ki-m0">{text}</p>
    </section>
  );
}

/** The student's landing page: welcome, chapters complete, subject cards, live-class and broadcast rails. */
export function ConceptsPage() {
  const { t } = useTranslation('learn');
  const { data: me } = useMe();
  const isStudent = !!me?.abilities.writeRecords;
  const subjects = useMySubjects(isStudent);
  const progress = useLearnProgress(isStudent);
  const navigate = useNavigate();
  const empty = subjects.isSuccess && subjects.data.subjects.length === 0;

  useEffect(() => {
    // No subjects for this board and grade: say so and go to the no-content page (spec 4.1 step 7).
    if (empty) void navigate(paths.noContent, { replace: true });
  }, [empty, navigate]);

  // Browsing content as staff or as a content author is not built yet.
  if (!isStudent) return <div className="ki-alert">{t('common:notAvailable')}</div>;
  // The welcome shows as soon as the student is known; the figures follow when their answers arrive.
  const welcome = (
    <div>
      <h2 className="ki-title" data-size="h2" data-testid="concepts-title">
        {t('welcome', { name: me?.user.firstName ?? '' })}
      </h2>
      <p className="ki-dimmed ki-m0">{t('pickSubject')}</p>
    </div>
  );
  // The figures wait for both answers, so the cards never show 0 before the real progress and never
  // grow under the reader's finger when it arrives (a layout shift). Offline, an unanswered progress
  // call is paused: the subjects show without it.
  const progressLoading = progress.isPending && progress.fetchStatus === 'fetching';
  // No subjects and none on their way (offline and not saved here, or failed): say why, with "Try again".
  if (!subjects.data || progressLoading || empty)
    return (
      <div className="ki-stack ki-home" data-gap="lg">
        {welcome}
        {subjects.data ? (
          <FullScreenLoader />
        ) : (
          <NotOnDevice query={subjects} failedText={t('loadFailed')} loader={<FullScreenLoader />} />
        )}
      </div>
    );
  const bySubject = new Map((progress.data?.subjects ?? []).map((s) => [s.subjectId, s]));
  const totalChapters = subjects.data.subjects.reduce((n, s) => n + s.chapters, 0);
  const chaptersDone = subjects.data.subjects.reduce((n, s) => n + (bySubject.get(s.id)?.chaptersCompleted ?? 0), 0);
  const chaptersLabel = t('home.chaptersComplete', { done: chaptersDone, total: totalChapters });
  return (
    <div className="ki-stack ki-home" data-gap="lg">
      {welcome}
      <section className="ki-card" data-testid="chapters-complete">
        <div className="ki-row" data-between="" style={{ marginBottom: 6 }}>
          <span className="ki-bold">{chaptersLabel}</span>
          <span className="ki-badge" data-testid="home-coins">
            {t('result.coins', { count: (progress.data?.subjects ?? []).reduce((n, s) => n + s.learningCurrency, 0) })}
          </span>
        </div>
        <ProgressBar percent={totalChapters ? (100 * chaptersDone) / totalChapters : 0} label={chaptersLabel} />
      </section>
      <div className="ki-home-grid" data-cols="subjects">
        {subjects.data.subjects.map((s) => {
          const done = bySubject.get(s.id)?.chaptersCompleted ?? 0;
          const color = themeColor(s.theme);
          const colors = {
            '--ki-subject': `var(--mantine-color-${color}-6)`,
            '--ki-badge-bg': `var(--mantine-color-${color}-light)`,
            '--ki-badge-color': `var(--mantine-color-${color}-light-color)`,
          } as CSSProperties;
          return (
            <Link
              key={s.id}
              to={paths.subjectChapters(s.slug)}
              className="ki-card ki-subject-card"
              data-padding="lg"
              data-testid={`subject-${s.slug}`}
              style={colors}
            >
              <div className="ki-row" data-between="">
                <div className="ki-row">
                  <IconBook2 size={22} aria-hidden="true" color="var(--ki-subject)" style={{ flexShrink: 0 }} />
                  <span className="ki-bold">{s.name}</span>
                </div>
                <span className="ki-badge">{t('chapterCount', { count: s.chapters })}</span>
              </div>
              <ProgressBar percent={s.chapters ? (100 * done) / s.chapters : 0} />
              <p className="ki-text-xs ki-dimmed" style={{ margin: '4px 0 0' }}>
                {t('home.subjectChapters', { done, total: s.chapters })}
              </p>
            </Link>
          );
        })}
      </div>
      <div className="ki-home-grid" data-cols="rails">
        <EmptyRail
          title={t('home.liveClasses')}
          text={t('home.noLiveClass')}
          icon={<IconVideo size={20} aria-hidden="true" />}
          testId="rail-live"
        />
        <EmptyRail
          title={t('home.broadcasts')}
          text={t('home.noBroadcast')}
          icon={<IconBroadcast size={20} aria-hidden="true" />}
          testId="rail-broadcast"
        />
      </div>
    </div>
  );
}
