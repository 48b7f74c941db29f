import { Alert, Button, Group, Loader, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriveFile } from '@ki/contracts';
import { toRoman } from '@ki/domain';
import { classesQuery } from '../../../lib/staff-classes';
import { useShareFile } from '../api/shares';
import { isSharedWith, shareBody, shareName, shareSchools, type ShareSchool } from '../drive-model';
import { notifyDone, useErrorText } from '../use-error-text';

/** A section's value in the picker: '' is every section of the grade. */
const ALL = '';

/**
 * "Share with a class": the school (when the caller works at several), the grade and a section or
 * all of them, from the classes the caller may share with (GET /assessments/classes, the quiz
 * screens' scope and key). Share adds the class to the file's chips; a class it is shared with
 * already is said here rather than sent again.
 */
export function ShareDialog({ file, onClose }: { file: DriveFile; onClose: () => void }) {
  const { t } = useTranslation('drive');
  const classes = useQuery(classesQuery());
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('share.title')}
      centered
      closeButtonProps={{ 'aria-label': t('confirm.close') }}
    >
      <Stack gap="sm" data-testid="share-dialog">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="share-file-name">
          {file.name}
        </Text>
        {classes.data ? (
          classes.data.classes.length > 0 ? (
            <ShareForm file={file} schools={shareSchools(classes.data.classes)} onDone={onClose} />
          ) : (
            <Text size="sm" c="dimmed" data-testid="share-no-classes">
              {t('share.noClasses')}
            </Text>
          )
        ) : classes.isError ? (
          <Alert color="red" role="alert">
            {t('share.classesFailed')}
          </Alert>
        ) : (
          <Group justify="center" p="md">
            <Loader aria-label={t('share.loadingClasses')} />
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

function ShareForm({ file, schools, onDone }: { file: DriveFile; schools: ShareSchool[]; onDone: () => void }) {
  const { t } = useTranslation('drive');
  const [schoolId, setSchoolId] = useState(schools[0]?.schoolId ?? 0);
  const school = schools.find((s) => s.schoolId === schoolId) ?? schools[0];
  const [classKey, setClassKey] = useState(school?.classes[0]?.key ?? '');
  const chosen = school?.classes.find((c) => c.key === classKey) ?? school?.classes[0];
  const [section, setSection] = useState(ALL);
  const [refusal, setRefusal] = useState<string | null>(null);
  const share = useShareFile();
  const errorText = useErrorText();

  // A grade taught at two boards of the school is told apart by the board's name.
  const grades = school?.classes ?? [];
  const gradeLabel = (c: (typeof grades)[number]) =>
    grades.filter((g) => g.grade === c.grade).length > 1 ? `${toRoman(c.grade)} · ${c.boardName}` : toRoman(c.grade);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    const body = shareBody(chosen, section === ALL ? null : section);
    if (isSharedWith(file, body)) {
      setRefusal(t('share.already'));
      return;
    }
    share.mutate(
      { fileId: file.id, body },
      {
        onSuccess: () => {
          notifyDone(t('share.done', { name: shareName({ grade: body.grade, section: body.section ?? null }, t) }));
          onDone();
        },
        onError: (error) => setRefusal(errorText(error)),
      },
    );
  }
  const changed = () => setRefusal(null);

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        {schools.length > 1 ? (
          <NativeSelect
            label={t('share.school')}
            data={schools.map((s) => ({ value: String(s.schoolId), label: s.schoolName }))}
            value={String(school?.schoolId ?? '')}
            onChange={(e) => {
              const next = schools.find((s) => String(s.schoolId) === e.currentTarget.value);
              setSchoolId(next?.schoolId ?? 0);
              setClassKey(next?.classes[0]?.key ?? '');
              setSection(ALL);
              changed();
            }}
            data-testid="share-school"
          />
        ) : (
          <Text size="sm" c="dimmed" data-testid="share-school-name">
            {school?.schoolName}
          </Text>
        )}
        <Group grow gap="sm" align="flex-start" wrap="wrap">
          <NativeSelect
            label={t('share.grade')}
            data={grades.map((c) => ({ value: c.key, label: gradeLabel(c) }))}
            value={chosen?.key ?? ''}
            onChange={(e) => {
              setClassKey(e.currentTarget.value);
              setSection(ALL);
              changed();
            }}
            style={{ minWidth: 120 }}
            data-testid="share-grade"
          />
          <NativeSelect
            label={t('share.section')}
            data={[
              { value: ALL, label: t('share.allSections') },
              ...(chosen?.sections ?? []).map((s) => ({ value: s, label: s })),
            ]}
            value={section}
            onChange={(e) => {
              setSection(e.currentTarget.value);
              changed();
            }}
            style={{ minWidth: 120 }}
            data-testid="share-section"
          />
        </Group>
        <Text size="xs" c="dimmed">
          {t('share.hint')}
        </Text>
        {refusal ? (
          <Alert color="red" role="alert" data-testid="share-refused">
            <Text size="sm">{refusal}</Text>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={share.isPending} data-testid="share-submit">
            {t('share.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
