import { useTranslation } from 'react-i18next';
import { CopyLinkField } from '../../../ui/copy-link-field';
import { shareUrl } from '../share';
import { notifyDone, notifyProblem } from '../use-error-text';

/** The quiz's join link for students, shown and copied with one button. */
export function ShareLink({ sharePath }: { sharePath: string }) {
  const { t } = useTranslation('quizzes');
  return (
    <CopyLinkField
      url={shareUrl(window.location.origin, sharePath)}
      label={t('share.label')}
      copyLabel={t('share.copy')}
      onCopied={(ok) => (ok ? notifyDone(t('share.copied')) : notifyProblem(t('share.copyFailed')))}
    />
  );
}
