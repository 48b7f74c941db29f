import { IconPuzzle } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import './assessment.css';

/**
 * The quiz-styled layout of the assessment routes (access-and-app-shell.md 2.1): a tinted play area
 * under the app's header, the pages' cards on it; each page's code loads when it is opened.
 */
export function AssessmentLayout() {
  const { t } = useTranslation('assessment');
  return (
    <div className="ki-quiz" data-testid="quiz-layout">
      <div className="ki-quiz-band" aria-hidden="true">
        <IconPuzzle size={18} />
        <span>{t('layout.band')}</span>
      </div>
      <Suspense fallback={<FullScreenLoader />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
