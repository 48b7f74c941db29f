import { ActionIcon, Button, Group, Loader, SegmentedControl, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { VIEWS, type View } from './calendar-grid';

const VIEW_LABEL: Record<View, string> = {
  dayGridMonth: 'toolbar.month',
  timeGridWeek: 'toolbar.week',
  timeGridDay: 'toolbar.day',
  listWeek: 'toolbar.list',
};

/** Previous, today, next, the range shown, and the view: the calendar's toolbar, in the app's look. */
export function CalendarToolbar({
  title,
  view,
  loading,
  onPrev,
  onToday,
  onNext,
  onView,
}: {
  title: string;
  view: View;
  loading: boolean;
  onPrev: () => void;
  onToday: () => void;
  onNext: () => void;
  onView: (view: View) => void;
}) {
  const { t } = useTranslation('calendar');
  return (
    <div className="calendar-toolbar">
      <Group gap="xs" wrap="nowrap" className="calendar-toolbar-nav">
        <ActionIcon
          variant="default"
          size="lg"
          onClick={onPrev}
          aria-label={t('toolbar.previous')}
          data-testid="calendar-prev"
        >
          <IconChevronLeft size={18} aria-hidden="true" />
        </ActionIcon>
        <Button variant="default" onClick={onToday} data-testid="calendar-today">
          {t('toolbar.today')}
        </Button>
        <ActionIcon
          variant="default"
          size="lg"
          onClick={onNext}
          aria-label={t('toolbar.next')}
          data-testid="calendar-next"
        >
          <IconChevronRight size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>
      <div className="calendar-toolbar-title">
        <Title order={2} size="h4" aria-live="polite" data-testid="calendar-title">
          {title}
        </Title>
        {loading ? <Loader size="xs" aria-label={t('loading')} data-testid="calendar-loading" /> : null}
      </div>
      <SegmentedControl
        value={view}
        onChange={(value) => onView(value as View)}
        data={VIEWS.map((v) => ({ value: v, label: t(VIEW_LABEL[v]) }))}
        aria-label={t('toolbar.views')}
        data-testid="calendar-views"
      />
    </div>
  );
}
