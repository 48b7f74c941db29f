import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import {
  DeclineErasureBodySchema,
  EraseStudentBodySchema,
  ErasureRequestBodySchema,
  type ErasureRequest,
} from '@ki/contracts';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { placeOf } from '../../lib/url-state';
import { useDownloadRecords } from './api/download-records';
import { useDeclineErasure, useEraseStudent, useRequestErasure, useStudentPrivacy } from './api/student-privacy';
import { ParentalConsentSection } from './parental-consent';

/** Who is looking: the panel speaks to a parent of 'your child', to the student of 'your data'. */
export type DataRightsViewer = 'parent' | 'student' | 'staff';

const TEXT_MAX = 500;

/** The name typed again matches the one shown, as the server compares them (trimmed, any case). */
const sameName = (typed: string, name: string) =>
  typed.trim().toLocaleLowerCase('en-IN') === name.trim().toLocaleLowerCase('en-IN');

/**
 * A student's data rights on their dashboard (issue #27; the DPDP Act: the parent of a child
 * exercises the child's rights): download the learning records, ask the school to erase them, and
 * for the school's principal, decline a request or erase; for an account a family made, the parent's
 * consent, which a linked parent withdraws or gives again. Which of these show comes from the
 * server's flags (canExport, canRequestErasure, canErase, the consent's own), never from the caller's
 * role; the role (`viewer`) only picks the words. Nothing shows when the caller may do nothing and
 * sees no request and no consent.
 * Times are of the student's school (`timeZone`); `studentName` is the profile's, typed to erase.
 */
export function DataRightsPanel({
  studentId,
  studentName,
  timeZone,
  viewer,
}: {
  studentId: number;
  studentName: string;
  timeZone?: string | undefined;
  viewer: DataRightsViewer;
}) {
  const { t } = useTranslation('student');
  const privacy = useStudentPrivacy(studentId);
  const [asking, setAsking] = useState(false);
  // The erase dialog: answering a request (its reason prefilled), or a written request ('written').
  const [erasing, setErasing] = useState<ErasureRequest | 'written' | null>(null);
  if (privacy.isPending) return null;
  if (privacy.isError) {
    // Refused (403), or offline (a student's dashboard opens from the device): nothing to offer.
    const e = privacy.error;
    if (e instanceof ApiError && (e.status === 403 || e.code === 'NETWORK')) return null;
    return <Alert color="yellow">{t('data.failed')}</Alert>;
  }
  const d = privacy.data;
  if (!d.canExport && !d.canRequestErasure && !d.canErase && d.requests.length === 0 && d.consent === null) return null;
  // Newest first (the server sends them so; ISO times of one format sort as text).
  const requests = [...d.requests].sort((a, b) => b.requestedAt.localeCompare(a.requestedAt));
  const waiting = requests.some((r) => r.status === 'pending');
  return (
    <Paper withBorder p="md" radius="md" data-testid="data-rights">
      <Stack gap="md">
        <Title order={4}>{t(`data.title.${viewer}`)}</Title>
        {/* Above the download and erasure: once consent is withdrawn, those are what is left to do. */}
        {d.consent && (
          <ParentalConsentSection
            studentId={studentId}
            childName={studentName}
            consent={d.consent}
            timeZone={timeZone}
          />
        )}
        <Group gap="sm" align="start" wrap="wrap">
          {d.canExport && <DownloadRecords studentId={studentId} />}
          {d.canRequestErasure && (
            <Button variant="light" color="red" onClick={() => setAsking(true)} data-testid="ask-erasure">
              {t('data.ask.button')}
            </Button>
          )}
          {d.canErase && !waiting && (
            <Stack gap={2}>
              <Button variant="light" color="red" onClick={() => setErasing('written')} data-testid="erase-written">
                {t('data.erase.button')}
              </Button>
              <Text size="xs" c="dimmed">
                {t('data.erase.writtenHint')}
              </Text>
            </Stack>
          )}
        </Group>
        {requests.length > 0 && (
          <Stack gap="xs" data-testid="erasure-requests">
            <Title order={5}>{t('data.requests.title')}</Title>
            {requests.map((r) => (
              <ErasureRequestRow
                key={r.id}
                studentId={studentId}
                request={r}
                canDecide={d.canErase}
                timeZone={timeZone}
                onErase={() => setErasing(r)}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('data.ask.title')} centered>
        <AskErasureForm studentId={studentId} onDone={() => setAsking(false)} />
      </Modal>
      <Modal opened={erasing !== null} onClose={() => setErasing(null)} title={t('data.erase.title')} centered>
        {erasing !== null && (
          <EraseForm
            studentId={studentId}
            studentName={studentName}
            request={erasing === 'written' ? null : erasing}
            timeZone={timeZone}
            onCancel={() => setErasing(null)}
          />
        )}
      </Modal>
    </Paper>
  );
}

function DownloadRecords({ studentId }: { studentId: number }) {
  const { t } = useTranslation('student');
  const download = useDownloadRecords(studentId);
  return (
    <Stack gap="xs">
      <Button
        variant="light"
        leftSection={<IconDownload size={16} aria-hidden="true" />}
        loading={download.isPending}
        onClick={() => download.mutate()}
        data-testid="download-records"
      >
        {t('data.download.button')}
      </Button>
      {download.isError && (
        <Alert color="red" variant="light" data-testid="download-failed">
          {download.error instanceof ApiError && download.error.code === 'NETWORK'
            ? t('data.download.offline')
            : t('data.download.failed')}
        </Alert>
      )}
    </Stack>
  );
}

const STATUS_COLOR = { pending: 'yellow', declined: 'gray', erased: 'teal' } as const;

function ErasureRequestRow({
  studentId,
  request,
  canDecide,
  timeZone,
  onErase,
}: {
  studentId: number;
  request: ErasureRequest;
  canDecide: boolean;
  timeZone: string | undefined;
  onErase: () => void;
}) {
  const { t, i18n } = useTranslation('student');
  const [declining, setDeclining] = useState(false);
  const when = (iso: string) => formatDateTime(iso, i18n.language, timeZone);
  const asked = request.requestedBy
    ? t('data.requests.askedBy', { name: request.requestedBy, when: when(request.requestedAt) })
    : t('data.requests.askedOn', { when: when(request.requestedAt) });
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="erasure-request">
      <Stack gap={4}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Badge color={STATUS_COLOR[request.status]} variant="light" data-testid="erasure-status">
              {t(`data.requests.status.${request.status}`)}
            </Badge>
            <Text size="xs" c="dimmed">
              {asked}
            </Text>
          </Group>
          {canDecide && request.status === 'pending' && (
            <Group gap="xs">
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => setDeclining(true)}
                data-testid="decline-erasure"
              >
                {t('data.decline.button')}
              </Button>
              <Button size="compact-sm" color="red" onClick={onErase} data-testid="erase-request">
                {t('data.erase.button')}
              </Button>
            </Group>
          )}
        </Group>
        {request.reason && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="erasure-reason">
            {t('data.requests.reason', { reason: request.reason })}
          </Text>
        )}
        {request.status === 'declined' && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="erasure-note">
            {request.decidedAt
              ? t('data.requests.declined', { when: when(request.decidedAt), note: request.note })
              : t('data.requests.declinedNote', { note: request.note })}
          </Text>
        )}
        {request.status === 'erased' && request.decidedAt && (
          <Text size="sm">{t('data.requests.erased', { when: when(request.decidedAt) })}</Text>
        )}
      </Stack>
      <Modal opened={declining} onClose={() => setDeclining(false)} title={t('data.decline.title')} centered>
        <DeclineForm studentId={studentId} requestId={request.id} onDone={() => setDeclining(false)} />
      </Modal>
    </Paper>
  );
}

/** The parent's request: what erasure means, an optional reason, Send. */
function AskErasureForm({ studentId, onDone }: { studentId: number; onDone: () => void }) {
  const { t } = useTranslation('student');
  const ask = useRequestErasure(studentId);
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: schemaResolver(ErasureRequestBodySchema, { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    ask.mutate(ErasureRequestBodySchema.parse(values), {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('data.ask.sent') });
        onDone();
      },
      onError: (e) => {
        // One request waits at a time: the list, refreshed, shows the one already sent.
        const waiting = e instanceof ApiError && e.code === 'CONFLICT';
        notifications.show({
          color: waiting ? 'yellow' : 'red',
          message: waiting ? t('data.ask.alreadyWaiting') : t('data.ask.failed'),
        });
        if (waiting) onDone();
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('data.ask.explain')}</Text>
        <Textarea
          label={t('data.ask.reason')}
          autosize
          minRows={2}
          maxLength={TEXT_MAX}
          data-testid="ask-reason"
          {...form.getInputProps('reason')}
          error={form.errors.reason ? t('data.ask.reasonError') : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('data.cancel')}
          </Button>
          <Button type="submit" color="red" loading={ask.isPending} data-testid="ask-send">
            {t('data.ask.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The school keeps the data: the note (5 to 500 characters) is texted to the parent. */
function DeclineForm({ studentId, requestId, onDone }: { studentId: number; requestId: number; onDone: () => void }) {
  const { t } = useTranslation('student');
  const decline = useDeclineErasure(studentId);
  const form = useForm({
    mode: 'controlled',
    initialValues: { note: '' },
    validate: schemaResolver(DeclineErasureBodySchema, { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    decline.mutate(
      { requestId, body: DeclineErasureBodySchema.parse(values) },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('data.decline.done') });
          onDone();
        },
        onError: (e) => {
          const decided = e instanceof ApiError && e.code === 'CONFLICT';
          notifications.show({
            color: 'red',
            message: decided ? t('data.decline.alreadyDecided') : t('data.decline.failed'),
          });
          if (decided) onDone();
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Textarea
          label={t('data.decline.note')}
          description={t('data.decline.noteHint')}
          autosize
          minRows={3}
          maxLength={TEXT_MAX}
          required
          data-testid="decline-note"
          {...form.getInputProps('note')}
          error={form.errors.note ? t('data.decline.noteError') : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('data.cancel')}
          </Button>
          <Button type="submit" loading={decline.isPending} data-testid="decline-send">
            {t('data.decline.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * After the erasure the student's page has nothing to show: back to the list or dashboard it was
 * opened from (as the page's Back does), or to the dashboard in its place.
 */
function useLeaveErasedStudent() {
  const location = useLocation();
  const navigate = useNavigate();
  const { fromApp, depth } = placeOf(location.state);
  return () => void (fromApp ? navigate(-(depth + 1)) : navigate(paths.dashboard, { replace: true }));
}

/**
 * Erasure cannot be undone: a reason for the log (a request's date when answering one) and the
 * student's full name typed again; Erase stays disabled until the name matches.
 */
function EraseForm({
  studentId,
  studentName,
  request,
  timeZone,
  onCancel,
}: {
  studentId: number;
  studentName: string;
  request: ErasureRequest | null;
  timeZone: string | undefined;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('student');
  const erase = useEraseStudent(studentId);
  const leave = useLeaveErasedStudent();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      reason: request
        ? t('data.erase.reasonFromRequest', { date: formatDate(request.requestedAt, i18n.language, timeZone) })
        : '',
      confirmName: '',
    },
    validate: schemaResolver(EraseStudentBodySchema, { sync: true }),
  });
  const matches = sameName(form.values.confirmName, studentName);
  const submit = form.onSubmit((values) =>
    erase.mutate(EraseStudentBodySchema.parse(values), {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('data.erase.done') });
        leave();
      },
      onError: (e) => {
        const mismatch = e instanceof ApiError && e.code === 'VALIDATION_FAILED';
        notifications.show({ color: 'red', message: mismatch ? t('data.erase.nameMismatch') : t('data.erase.failed') });
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('data.erase.explain', { name: studentName })}</Text>
        <Textarea
          label={t('data.erase.reason')}
          description={t('data.erase.reasonHint')}
          autosize
          minRows={2}
          maxLength={TEXT_MAX}
          required
          data-testid="erase-reason"
          {...form.getInputProps('reason')}
          error={form.errors.reason ? t('data.erase.reasonError') : undefined}
        />
        <TextInput
          label={t('data.erase.confirmName')}
          description={t('data.erase.confirmNameHint', { name: studentName })}
          autoComplete="off"
          required
          data-testid="erase-name"
          {...form.getInputProps('confirmName')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('data.cancel')}
          </Button>
          <Button type="submit" color="red" disabled={!matches} loading={erase.isPending} data-testid="erase-send">
            {t('data.erase.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
