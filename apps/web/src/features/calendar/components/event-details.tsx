import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconPencil, IconTrash, IconVideo } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toRoman } from '@ki/domain';
import type { CalendarEvent } from '@ki/contracts';
import { zoneName } from '../../../lib/zoned-time';
import { useDeleteEvent } from '../api/events';
import { formatWhen } from '../calendar-time';
import { notifyDone, useNotifyError } from '../use-error-text';
import { TYPE_COLORS } from './calendar-grid';

/** The live class services' names: brands, the same in every language. */
export const PROVIDER_NAMES = { jitsi: 'Jitsi Meet', bigbluebutton: 'BigBlueButton' } as const;

/** "CBSE · Class VIII": a board and grade as the app writes grades (Roman numerals). */
export function useClassLabel() {
  const { t } = useTranslation('calendar');
  return (boardName: string | null, grade: number | null): string =>
    grade === null ? t('details.wholeSchool') : t('classLabel', { board: boardName ?? '', grade: toRoman(grade) });
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="calendar-detail-row" data-testid={testId}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm">
        {children}
      </Text>
    </div>
  );
}

/**
 * One event (spec 3, calendar event info): its name, type, time in its school's zone, class or the
 * whole school, subject, description, who takes or added it, by whom (a programme), and how to join a
 * live class: a class held in the app opens its join page, another's join link opens in a new tab.
 * Those who may change it (canEdit) get Edit and Delete; deleting asks first.
 */
export function EventDetails({
  event,
  gridZone,
  showSchool,
  onClose,
  onEdit,
}: {
  event: CalendarEvent | null;
  gridZone: string;
  showSchool: boolean;
  onClose: () => void;
  onEdit: (event: CalendarEvent) => void;
}) {
  const { t, i18n } = useTranslation('calendar');
  const classLabel = useClassLabel();
  const remove = useDeleteEvent();
  const notifyError = useNotifyError();
  const [confirming, setConfirming] = useState(false);

  const confirmDelete = () => {
    if (!event) return;
    remove.mutate(event.id, {
      onSuccess: () => {
        notifyDone(t('delete.done'));
        setConfirming(false);
        onClose();
      },
      onError: notifyError,
    });
  };

  return (
    <>
      <Modal
        opened={event !== null && !confirming}
        onClose={onClose}
        title={event?.name}
        centered
        data-testid="event-details"
      >
        {event ? (
          <Stack gap="sm">
            <Group gap="xs">
              <Badge color={TYPE_COLORS[event.type]} variant="light" data-testid="event-type">
                {t(`types.${event.type}`)}
              </Badge>
            </Group>
            <dl className="calendar-details">
              <Row label={t('details.when')} testId="event-when">
                {formatWhen(event, i18n.resolvedLanguage)}
                {event.timeZone === gridZone ? null : (
                  <Text component="span" size="xs" c="dimmed" display="block">
                    {t('details.zone', { zone: zoneName(event.timeZone, i18n.resolvedLanguage) })}
                  </Text>
                )}
              </Row>
              {showSchool ? (
                <Row label={t('details.school')} testId="event-school">
                  {event.schoolName}
                </Row>
              ) : null}
              <Row label={t('details.class')} testId="event-class">
                {classLabel(event.boardName, event.grade)}
              </Row>
              {event.subjectName ? (
                <Row label={t('details.subject')} testId="event-subject">
                  {event.subjectName}
                </Row>
              ) : null}
              {event.hostName ? (
                <Row label={t('details.hostName')} testId="event-host">
                  {event.hostName}
                </Row>
              ) : null}
              <Row label={t(event.type === 'class' ? 'details.takenBy' : 'details.addedBy')} testId="event-by">
                {event.createdBy.name}
              </Row>
              {event.description ? (
                <Row label={t('details.description')} testId="event-description">
                  <span className="calendar-description">{event.description}</span>
                </Row>
              ) : null}
            </dl>
            {event.liveClass ? (
              <Button
                component={Link}
                to={event.liveClass.path}
                leftSection={<IconVideo size={16} aria-hidden="true" />}
                data-testid="event-live-class"
              >
                {t('details.joinLiveClass')}
              </Button>
            ) : event.joinUrl ? (
              <Button
                component="a"
                href={event.joinUrl}
                target="_blank"
                rel="noopener noreferrer"
                leftSection={<IconExternalLink size={16} aria-hidden="true" />}
                data-testid="event-join"
              >
                {event.serviceName
                  ? t('details.joinWith', { provider: PROVIDER_NAMES[event.serviceName] })
                  : t('details.join')}
              </Button>
            ) : null}
            {event.canEdit ? (
              <Group justify="flex-end" gap="sm">
                <Button
                  variant="default"
                  leftSection={<IconPencil size={16} aria-hidden="true" />}
                  onClick={() => onEdit(event)}
                  data-testid="event-edit"
                >
                  {t('details.edit')}
                </Button>
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconTrash size={16} aria-hidden="true" />}
                  onClick={() => setConfirming(true)}
                  data-testid="event-delete"
                >
                  {t('details.delete')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        ) : null}
      </Modal>
      <Modal
        opened={event !== null && confirming}
        onClose={() => setConfirming(false)}
        title={t('delete.title')}
        centered
      >
        <Text mb="md">{t('delete.message', { name: event?.name ?? '' })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setConfirming(false)} data-testid="confirm-no">
            {t('delete.cancel')}
          </Button>
          <Button color="red" onClick={confirmDelete} loading={remove.isPending} data-testid="confirm-yes">
            {t('delete.confirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
