import { useQuery } from '@tanstack/react-query';
import { IconBroadcast, IconChevronRight, IconFlame, IconMessageQuestion, IconVideo } from '@tabler/icons-react';
import { Suspense, useContext, useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { LearnProgressResponse, MeResponse } from '@ki/contracts';
import { paths } from '../../../config/paths';
import { myDoubtsQuery } from '../../../lib/my-doubts';
import { queryClient } from '../../../lib/query-client';
import { meQueryOptions } from '../../../lib/session';
import { CodeBoundary } from '../../../ui/code-boundary';
import { HomeSlotsContext } from '../home-slots';
import { shownStreak } from '../streak';
import { themeColor } from '../subject-theme';
import { SharedFilesCard } from './shared-files-card';
import { SubjectIcon } from './subject-icon';
import './home-extras.css';

/**
 * Parts of the concepts home kept out of its first-load JavaScript, which is at its budget:
 * concepts-page.tsx asks for this module when its code runs and draws its figures once it and the
 * answers are here. The daily streak line (also on the result screen) and the rails below the
 * subjects. The learn namespace's t is passed in, so this module carries no i18n code.
 */
type Texts = (
  key:
    | 'streak.days'
    | 'streak.doneToday'
    | 'streak.keepIt'
    | 'streak.startOne'
    | `home.${'liveClasses' | 'noLiveClass' | 'broadcasts' | 'noBroadcast'}`
    | `home.${'doubtAnswered' | 'doubtsAnswered' | 'seeAnswer' | 'seeAnswers'}`
    | `continue.${'title' | 'revise' | 'treasure' | 'go'}`,
  options?: { count?: number; chapter?: string; n?: number },
) => string;

// A student's doubts (GET /me/doubts, issue #26) are asked for as soon as this module arrives, beside
// the home's own answers, so the "a teacher answered" card is drawn with the page rather than after it.
if (queryClient.getQueryData<MeResponse | null>(meQueryOptions().queryKey)?.abilities.writeRecords)
  void queryClient.prefetchQuery(myDoubtsQuery());

/**
 * "A teacher answered your doubt" (issue #26, "Doubts"): while the student has answers they have not
 * seen, a card leads to /ask-doubts, where opening them marks them seen and the card goes. Nothing
 * otherwise, nor while the answer is on its way or could not be had: the home never waits for it.
 */
function AnsweredDoubts({ t }: { t: Texts }) {
  const { data } = useQuery(myDoubtsQuery());
  const n = data?.unseenAnswers ?? 0;
  if (n === 0) return null;
  return (
    <Link
      to={paths.askDoubts}
      className="ki-card ki-continue"
      data-testid="doubt-answered"
      style={{ '--ki-subject': 'var(--mantine-color-teal-6)' } as CSSProperties}
    >
      <IconMessageQuestion size={28} aria-hidden="true" style={{ flexShrink: 0, color: 'var(--ki-subject)' }} />
      <span className="ki-continue-text ki-bold">
        {n === 1 ? t('home.doubtAnswered') : t('home.doubtsAnswered', { n })}
      </span>
      <span className="ki-continue-go">
        {t(n === 1 ? 'home.seeAnswer' : 'home.seeAnswers')}
        <IconChevronRight size={18} aria-hidden="true" />
      </span>
    </Link>
  );
}

/**
 * "Continue where you left off" (issue #28): the next step after the student's last topic game,
 * revise or treasure (the server's `resume`, @ki/domain nextPathStep), one tap from the home. A
 * topic opens its concept page (read, then Play now); a revise or treasure opens its page.
 */
export function ContinueCard({ resume, t }: { resume: NonNullable<LearnProgressResponse['resume']>; t: Texts }) {
  const { subjectSlug: subject, chapterSlug: chapter } = resume;
  const to =
    resume.stage === 'topic' && resume.topicSlug
      ? paths.concept(subject, chapter, resume.topicSlug)
      : resume.stage === 'revise'
        ? paths.revise(subject, chapter)
        : paths.treasure(subject, chapter);
  const what =
    resume.stage === 'topic'
      ? resume.topicName
      : t(resume.stage === 'revise' ? 'continue.revise' : 'continue.treasure', { chapter: resume.chapterName });
  const color = themeColor(resume.subjectTheme);
  return (
    <Link
      to={to}
      className="ki-card ki-continue"
      data-testid="continue"
      data-stage={resume.stage}
      style={{ '--ki-subject': `var(--mantine-color-${color}-6)` } as CSSProperties}
    >
      <SubjectIcon subject={resume.subjectTheme} size={44} />
      <span className="ki-continue-text">
        <span className="ki-text-xs ki-dimmed">{t('continue.title')}</span>
        <span className="ki-bold" data-testid="continue-what">
          {what}
        </span>
        <span className="ki-text-xs ki-dimmed">
          {resume.stage === 'topic' ? `${resume.subjectName} · ${resume.chapterName}` : resume.subjectName}
        </span>
      </span>
      <span className="ki-continue-go">
        {t('continue.go')}
        <IconChevronRight size={18} aria-hidden="true" />
      </span>
    </Link>
  );
}

/**
 * The daily streak and what keeps it (home, result): '3-day streak' with 'done for today', a gentle
 * 'finish one topic today to keep it', or 'finish a topic today to start one'. Plain HTML (styles in
 * ui/plain.css): the home draws without Mantine. The streak is the server's (GET /learn/progress);
 * the records this device has not sent yet are added, so it is the same offline; `justFinished` is
 * the record the result screen shows, which may be sent and saved before the server's answer has it.
 */
export function StreakNote({
  streak,
  ownerId,
  t,
  justFinished,
}: {
  /** The server's answer (undefined in one saved before streaks existed). */
  streak: LearnProgressResponse['streak'] | undefined;
  ownerId: number | undefined;
  t: Texts;
  justFinished?: string | undefined;
}) {
  const [pending, setPending] = useState<string[]>([]);
  useEffect(() => {
    if (ownerId === undefined) return;
    let live = true;
    // The sync's module (the sync agent loads it anyway) reads the queue: no IndexedDB code here.
    import('../../../lib/records-sync')
      .then((sync) => sync.pendingFinishTimes(ownerId))
      .then((times) => live && setPending(times))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [ownerId, streak]);
  const shown = shownStreak(streak, justFinished ? [...pending, justFinished] : pending, new Date());
  if (!shown) return null;
  return (
    <p className="ki-streak" data-testid="streak" data-state={shown.state} data-days={shown.days}>
      {shown.days > 0 ? (
        <span className="ki-streak-days">
          <IconFlame size={18} aria-hidden="true" />
          {t('streak.days', { count: shown.days })}
        </span>
      ) : null}
      <span className="ki-text-sm">
        {t(
          shown.state === 'done-today'
            ? 'streak.doneToday'
            : shown.state === 'keep-it'
              ? 'streak.keepIt'
              : 'streak.startOne',
        )}
      </span>
    </p>
  );
}

/** A rail of the concepts home in its empty state: while its code is on its way, or when it could not be fetched. */
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

/**
 * The home's rails below the subjects: live classes and educational TV, and the school's notices,
 * which app/ hands in (home-slots.ts); their code arrives beside the page's, and until then each rail
 * keeps its place, empty. Without it (its code could not be fetched), the empty rail. Above them,
 * while a teacher's answer to the student's doubt is unseen, the card that says so; below them, the
 * files teachers shared with the student's class (shared-files-card.tsx), when there are any.
 */
export default function HomeRails({ t }: { t: Texts }) {
  const { NoticesRail, LiveRail } = useContext(HomeSlotsContext);
  const noLive = (
    <EmptyRail
      title={t('home.liveClasses')}
      text={t('home.noLiveClass')}
      icon={<IconVideo size={20} aria-hidden="true" />}
      testId="rail-live"
    />
  );
  const noNotices = (
    <EmptyRail
      title={t('home.broadcasts')}
      text={t('home.noBroadcast')}
      icon={<IconBroadcast size={20} aria-hidden="true" />}
      testId="rail-broadcast"
    />
  );
  return (
    <>
      <AnsweredDoubts t={t} />
      <div className="ki-home-grid" data-cols="rails">
        {LiveRail ? (
          <CodeBoundary fallback={noLive}>
            <Suspense fallback={noLive}>
              <LiveRail title={t('home.liveClasses')} emptyText={t('home.noLiveClass')} />
            </Suspense>
          </CodeBoundary>
        ) : (
          noLive
        )}
        {NoticesRail ? (
          <CodeBoundary fallback={noNotices}>
            <Suspense
              fallback={
                <section className="ki-card" aria-busy="true" style={{ minHeight: 74 }} data-testid="rail-broadcast" />
              }
            >
              <NoticesRail emptyText={t('home.noBroadcast')} />
            </Suspense>
          </CodeBoundary>
        ) : (
          noNotices
        )}
      </div>
      <SharedFilesCard />
    </>
  );
}
