import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { FullScreenLoader } from '../../../ui/full-screen-loader';
import { NotOnDevice } from '../../../ui/offline-parts';
import { useSubjectView } from '../use-subject-view';

type View = ReturnType<typeof useSubjectView>;

/**
 * Loads a subject for a learner page: a loader while loading, /nocontent for a subject that is not
 * the student's (access-and-app-shell.md 4.4), and a clear message offline when the subject was never
 * downloaded on this device. Plain HTML (ui/plain.css): the topic game's first screen carries no Mantine.
 */
export function SubjectGate({
  subject,
  drawsBeforeRecords = false,
  children,
}: {
  subject: string;
  /**
   * The page draws nothing from this device's records (the topic game: no locks, no progress), so it
   * need not wait for the device database. Every other page waits for them: a lock opened by a game
   * played here and not yet sent must not show closed, even for a moment.
   */
  drawsBeforeRecords?: boolean;
  children: (view: View & { chapters: NonNullable<View['chapters']> }) => ReactNode;
}) {
  const { t } = useTranslation(['journey', 'learn']);
  const view = useSubjectView(subject);
  if (view.bundle.isError) {
    const error = view.bundle.error;
    if (error instanceof ApiError && error.status === 404) return <Navigate to={paths.noContent} replace />;
    return (
      <NotOnDevice
        query={view.bundle}
        failedText={t('learn:loadFailed')}
        offlineText={t('offline.notDownloaded')}
        loader={<FullScreenLoader />}
      />
    );
  }
  if (!view.chapters || (!drawsBeforeRecords && !view.recordsRead)) return <FullScreenLoader />;
  return <>{children({ ...view, chapters: view.chapters })}</>;
}

/** A chapter or topic slug that is not in the subject. */
export function NotInSubject({ subject }: { subject: string }) {
  const { t } = useTranslation('journey');
  return (
    <div className="ki-stack" style={{ maxWidth: 560, margin: '0 auto' }}>
      <div className="ki-alert" data-color="yellow" role="alert" data-testid="not-in-subject">
        {t('notFound')}
      </div>
      <Link className="ki-link" to={paths.subjectChapters(subject)}>
        ← {t('backToChapters')}
      </Link>
    </div>
  );
}
