import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useMe } from '../../lib/session';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { NotOnDevice } from '../../ui/offline-parts';
import { useLearnProgress } from './api/get-learn-progress';
import { useMySubjects } from './api/get-my-subjects';
import type * as HomeExtrasModule from './components/home-extras';
import { SubjectIcon } from './components/subject-icon';
import { themeColor } from './subject-theme';
import './concepts-page.css';

// The streak line and the rails below the subjects are a module of their own: /concepts' first load
// is at its budget (docs/PERFORMANCE.md). It is asked for as soon as this page's code runs, and the
// page draws its figures once it is here, as it does with its answers: nothing appears later under
// the reader's finger (a layout shift). Where it cannot be fetched (offline, not cached), without it.
type HomeExtras = typeof HomeExtrasModule;
const extrasRequest: Promise<HomeExtras | null> = import('./components/home-extras').catch(() => null);

/** The extras module: undefined while it is on its way, null when it could not be fetched. */
function useHomeExtras(): HomeExtras | null | undefined {
  const [extras, setExtras] = useState<HomeExtras | null>();
  useEffect(() => void extrasRequest.then(setExtras), []);
  return extras;
}

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

/** The student's landing page: welcome, chapters complete, subject cards, live-class and broadcast rails. */
export function ConceptsPage() {
  const { t } = useTranslation('learn');
  const { data: me } = useMe();
  const isStudent = !!me?.abilities.writeRecords;
  const subjects = useMySubjects(isStudent);
  const progress = useLearnProgress(isStudent);
  const navigate = useNavigate();
  const extras = useHomeExtras();
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
  if (!subjects.data || progressLoading || extras === undefined || empty)
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
        {extras ? <extras.StreakNote streak={progress.data?.streak} ownerId={me?.user.id} t={t} /> : null}
      </section>
      {extras && progress.data?.resume ? <extras.ContinueCard resume={progress.data.resume} t={t} /> : null}
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
                  <SubjectIcon subject={s.theme} />
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
      {extras ? <extras.default t={t} /> : null}
    </div>
  );
}
