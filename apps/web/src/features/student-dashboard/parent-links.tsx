import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParentLink, ParentLinkRequest } from '@ki/contracts';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-date';
import {
  useDecideParentLink,
  useLinkParent,
  useRequestParentLink,
  useStudentParents,
  useUnlinkParent,
} from './api/link-parent';

/** A failed link, request or decision in words: the server's stable codes, never the account type. */
function useLinkError() {
  const { t } = useTranslation('student');
  return (e: unknown) => {
    const code = e instanceof ApiError ? e.code : null;
    const message =
      code === 'PARENT_LINK_REFUSED'
        ? t('link.refused')
        : code === 'PARENT_LINK_RATE_LIMITED'
          ? t('link.limited')
          : code === 'LINK_REQUEST_DECIDED'
            ? t('requests.alreadyDecided')
            : t('link.failed');
    notifications.show({ color: 'red', message });
  };
}

/**
 * The student page's parents (security issue #21): linked parents with who linked them and when,
 * the link form for the principal, the request form for a teacher, and the requests with Approve and
 * Reject. Which of these show comes from the server's flags (canLink, canRequest, canDecide,
 * canUnlink), never from the caller's role.
 */
/** Times are of the student's school (`timeZone`, once the dashboard has it). */
export function ParentLinksPanel({ studentId, timeZone }: { studentId: number; timeZone?: string | undefined }) {
  const { t } = useTranslation('student');
  const parents = useStudentParents(studentId);
  if (parents.isPending) return null;
  if (parents.isError) {
    // A caller who may not see the parents (403) sees nothing here.
    if (parents.error instanceof ApiError && parents.error.status === 403) return null;
    return <Alert color="yellow">{t('parents.failed')}</Alert>;
  }
  const d = parents.data;
  return (
    <Paper withBorder p="md" radius="md" data-testid="parent-links">
      <Stack gap="md">
        <Title order={4}>{t('parents.title')}</Title>
        {d.parents.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('parents.none')}
          </Text>
        ) : (
          <Stack gap="xs">
            {d.parents.map((p) => (
              <LinkedParent
                key={p.linkId}
                studentId={studentId}
                parent={p}
                canUnlink={d.canUnlink}
                timeZone={timeZone}
              />
            ))}
          </Stack>
        )}
        {d.requests.length > 0 && (
          <Stack gap="xs" data-testid="link-requests">
            <Title order={5}>{t('requests.title')}</Title>
            {d.requests.map((r) => (
              <LinkRequest
                key={r.requestId}
                studentId={studentId}
                request={r}
                canDecide={d.canDecide}
                timeZone={timeZone}
              />
            ))}
          </Stack>
        )}
        {(d.canLink || d.canRequest) && <LinkParentForm studentId={studentId} mode={d.canLink ? 'link' : 'request'} />}
      </Stack>
    </Paper>
  );
}

function LinkedParent({
  studentId,
  parent,
  canUnlink,
  timeZone,
}: {
  studentId: number;
  parent: ParentLink;
  canUnlink: boolean;
  timeZone: string | undefined;
}) {
  const { t, i18n } = useTranslation('student');
  const [confirming, setConfirming] = useState(false);
  const unlink = useUnlinkParent(studentId);
  const onError = useLinkError();
  const when = formatDateTime(parent.linkedAt, i18n.language, timeZone);
  const confirm = () =>
    unlink.mutate(parent.linkId, {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({ color: 'teal', message: t('parents.unlinked') });
      },
      onError,
    });
  return (
    <Group justify="space-between" wrap="wrap" data-testid="linked-parent">
      <div>
        <Text fw={600}>
          {parent.name}{' '}
          <Text span c="dimmed" size="sm">
            {parent.mobile}
          </Text>
        </Text>
        <Text size="xs" c="dimmed">
          {parent.linkedBy ? t('parents.linkedBy', { name: parent.linkedBy, when }) : t('parents.linkedOn', { when })}
        </Text>
      </div>
      {canUnlink && (
        <Button
          variant="light"
          color="red"
          size="compact-sm"
          onClick={() => setConfirming(true)}
          data-testid="unlink-parent"
        >
          {t('parents.unlink')}
        </Button>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('parents.unlinkTitle')}
        centered
        size="sm"
      >
        <Stack>
          <Text>{t('parents.unlinkConfirm', { name: parent.name, mobile: parent.mobile })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('parents.cancel')}
            </Button>
            <Button color="red" loading={unlink.isPending} onClick={confirm} data-testid="unlink-yes">
              {t('parents.unlink')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}

const STATUS_COLOR = { pending: 'yellow', approved: 'teal', rejected: 'gray' } as const;

function LinkRequest({
  studentId,
  request,
  canDecide,
  timeZone,
}: {
  studentId: number;
  request: ParentLinkRequest;
  canDecide: boolean;
  timeZone: string | undefined;
}) {
  const { t, i18n } = useTranslation('student');
  const decide = useDecideParentLink(studentId);
  const onError = useLinkError();
  const act = (action: 'approve' | 'reject') =>
    decide.mutate(
      { requestId: request.requestId, action },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            message: action === 'approve' ? t('requests.approved') : t('requests.rejected'),
          }),
        onError,
      },
    );
  return (
    <Group justify="space-between" wrap="wrap" data-testid="link-request">
      <div>
        <Group gap="xs">
          <Text fw={600}>
            {request.name}{' '}
            <Text span c="dimmed" size="sm">
              {request.mobile}
            </Text>
          </Text>
          <Badge color={STATUS_COLOR[request.status]} variant="light" data-testid="request-status">
            {t(`requests.status.${request.status}`)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {t('requests.requestedBy', {
            name: request.requestedBy ?? '—',
            when: formatDateTime(request.requestedAt, i18n.language, timeZone),
          })}
          {request.decidedAt &&
            ` · ${t('requests.decidedBy', { name: request.decidedBy ?? '—', when: formatDateTime(request.decidedAt, i18n.language, timeZone) })}`}
        </Text>
      </div>
      {canDecide && request.status === 'pending' && (
        <Group gap="xs">
          <Button
            size="compact-sm"
            color="teal"
            loading={decide.isPending && decide.variables?.action === 'approve'}
            onClick={() => act('approve')}
            data-testid="approve-request"
          >
            {t('requests.approve')}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            loading={decide.isPending && decide.variables?.action === 'reject'}
            onClick={() => act('reject')}
            data-testid="reject-request"
          >
            {t('requests.reject')}
          </Button>
        </Group>
      )}
    </Group>
  );
}

/** The principal's link form, or a teacher's request form: the same fields. */
function LinkParentForm({ studentId, mode }: { studentId: number; mode: 'link' | 'request' }) {
  const { t } = useTranslation('student');
  const link = useLinkParent(studentId);
  const ask = useRequestParentLink(studentId);
  const mutation = mode === 'link' ? link : ask;
  const onError = useLinkError();
  const form = useForm({
    initialValues: { mobile: '', firstName: '', lastName: '' },
    validate: {
      mobile: (v) => (/^\+?[\d\s-]{10,16}$/.test(v.trim()) ? null : t('link.mobile')),
      firstName: (v) => (v.trim() ? null : t('link.firstName')),
    },
  });
  const submit = form.onSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: mode === 'link' ? t('link.done') : t('link.requested') });
        form.reset();
      },
      onError,
    }),
  );
  return (
    <div data-testid="link-parent">
      <Title order={5}>{mode === 'link' ? t('link.title') : t('link.requestTitle')}</Title>
      <Text size="xs" c="dimmed" mb="sm">
        {mode === 'link' ? t('link.hint') : t('link.requestHint')}
      </Text>
      <form onSubmit={submit}>
        <Group align="end" wrap="wrap">
          <TextInput label={t('link.mobile')} {...form.getInputProps('mobile')} inputMode="tel" required />
          <TextInput label={t('link.firstName')} {...form.getInputProps('firstName')} required />
          <TextInput label={t('link.lastName')} {...form.getInputProps('lastName')} />
          <Button type="submit" loading={mutation.isPending} data-testid="link-submit">
            {mode === 'link' ? t('link.submit') : t('link.requestSubmit')}
          </Button>
        </Group>
      </form>
    </div>
  );
}
