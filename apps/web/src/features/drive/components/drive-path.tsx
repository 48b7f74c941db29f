import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DriveListing } from '@ki/contracts';
import { folderHref } from '../drive-model';

/** Where the open folder is: My drive > Worksheets > Term 1, each step a link but the last. */
export function DrivePath({ path }: { path: DriveListing['path'] }) {
  const { t } = useTranslation('drive');
  const steps = [{ id: null, name: t('title') }, ...path];
  return (
    <nav aria-label={t('path')}>
      <Breadcrumbs
        separatorMargin={6}
        // A long folder name wraps rather than pushing a phone's page sideways.
        styles={{ root: { rowGap: 4 }, breadcrumb: { whiteSpace: 'normal', lineHeight: 1.4, minWidth: 0 } }}
        data-testid="drive-path"
      >
        {steps.map((step, i) =>
          i === steps.length - 1 ? (
            <Text key={step.id ?? 'top'} size="sm" fw={600} aria-current="page" style={{ overflowWrap: 'anywhere' }}>
              {step.name}
            </Text>
          ) : (
            <Anchor
              key={step.id ?? 'top'}
              component={Link}
              to={folderHref(step.id)}
              size="sm"
              style={{ overflowWrap: 'anywhere' }}
            >
              {step.name}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
