import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Routes of the route table that are not built yet say so ('The feature is not available yet.'). */
export function NotBuiltPage() {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light" maw={640} mx="auto" data-testid="not-built">
      {t('notAvailable')}
    </Alert>
  );
}
