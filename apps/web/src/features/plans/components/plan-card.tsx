import { Button, Card, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plan } from '@ki/contracts';
import { formatRupees, monthlyPaise, planMonths } from '../plan-format';
import { usePlanName } from '../use-access-text';

/**
 * One plan on offer: its name, price, length, what it gives, and Choose. `showMonthly` adds about
 * what it costs a month (the longer plans, so a family can compare them with the shortest).
 */
export function PlanCard({ plan, showMonthly, onChoose }: { plan: Plan; showMonthly: boolean; onChoose: () => void }) {
  const { t, i18n } = useTranslation('plans');
  const name = usePlanName();
  const language = i18n.resolvedLanguage;
  const titleId = useId();
  const months = planMonths(plan.durationDays);
  const monthly = showMonthly ? monthlyPaise(plan) : null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`plan-card-${plan.code}`}>
      <Stack gap="sm" h="100%">
        <Title order={2} size="h4" id={titleId}>
          {name(plan)}
        </Title>
        <div>
          <Text fz={32} fw={800} lh={1.2} data-testid="plan-price">
            {formatRupees(plan.pricePaise, language)}
          </Text>
          <Text size="sm" c="dimmed">
            {months ? t('duration.months', { count: months }) : t('duration.days', { count: plan.durationDays })}
          </Text>
          {monthly ? (
            <Text size="sm" c="dimmed" data-testid="plan-monthly">
              {t('perMonth', { price: formatRupees(monthly, language) })}
            </Text>
          ) : null}
        </div>
        <List
          spacing={6}
          size="sm"
          icon={
            <ThemeIcon size={20} radius="xl" variant="light" color="teal">
              <IconCheck size={14} aria-hidden="true" />
            </ThemeIcon>
          }
        >
          {plan.features.map((feature) => (
            <List.Item key={feature}>{t(`features.${feature}`)}</List.Item>
          ))}
        </List>
        <Button
          mt="auto"
          fullWidth
          onClick={onChoose}
          aria-describedby={titleId}
          data-testid={`plan-choose-${plan.code}`}
        >
          {t('choose')}
        </Button>
      </Stack>
    </Card>
  );
}
