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
  children,
}: {
  subject: string;
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
  if (!view.chapters) return <FullScreenLoader />;
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
