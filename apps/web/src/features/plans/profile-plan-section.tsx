import { Badge, Button, Card, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlanAccess, Receipt } from '@ki/contracts';
import { paths } from '../../config/paths';
import { formatDate, formatDateRange } from '../../lib/format-date';
import { NotOnDevice } from '../../ui/offline-parts';
import { usePlans } from './api/get-plans';
import { formatRupees } from './plan-format';
import { useAccessText, usePlanName } from './use-access-text';
import './strings';

/** From the 'sm' breakpoint (48em) the receipts are a table; below, on a phone, one card each. */
const WIDE = '(min-width: 48em)';

/**
 * The profile's plan (access-and-app-shell.md 2.8 'Profile: ... plan'), for students: where their
 * access stands, a way to the plans unless the school pays, and the receipts of what was paid.
 * `access` is the session's (me.plan), shown until the plans' own answer arrives.
 */
export function ProfilePlanSection({ access: sessionAccess }: { access: PlanAccess }) {
  const { t } = useTranslation('plans');
  const accessText = useAccessText();
  const plans = usePlans();
  const access = plans.data?.access ?? sessionAccess;
  const receipts = plans.data?.receipts;
  return (
    <Card withBorder radius="md" padding="md" data-testid="profile-plan">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={3} size="h5">
          {t('profile.title')}
        </Title>
        {access.status === 'school' ? null : (
          <Button component={Link} to={paths.plans} variant="light" size="xs" data-testid="profile-see-plans">
            {t('profile.seePlans')}
          </Button>
        )}
      </Group>
      <Text size="sm" fw={500} data-testid="profile-plan-access">
        {accessText(access, { short: true })}
      </Text>
      {!receipts ? (
        <NotOnDevice query={plans} failedText={t('profile.loadFailed')} loader={<Loader size="sm" mt="sm" />} />
      ) : receipts.length > 0 ? (
        <Receipts receipts={receipts} />
      ) : access.status === 'school' ? null : (
        <Text size="sm" c="dimmed" mt="sm" data-testid="receipts-empty">
          {t('profile.none')}
        </Text>
      )}
    </Card>
  );
}

/** A receipt's fields in the user's language, for the table's cells and the phone's cards alike. */
function useReceiptFields() {
  const { t, i18n } = useTranslation('plans');
  const name = usePlanName();
  const language = i18n.resolvedLanguage;
  return (r: Receipt) => ({
    paidOn: formatDate(r.paidAt, language),
    plan: name({ code: r.planCode, name: r.planName }),
    amount: formatRupees(r.amountPaise, language),
    method: r.method ? t(`payment.methods.${r.method}`) : '—',
    valid: formatDateRange(r.validFrom, r.validUntil, language),
    refunded:
      r.status === 'refunded' ? (
        <Badge color="gray" variant="light" size="sm" data-testid="receipt-refunded">
          {t('profile.refunded')}
        </Badge>
      ) : null,
  });
}

function Receipts({ receipts }: { receipts: Receipt[] }) {
  const { t } = useTranslation('plans');
  const wide = useMediaQuery(WIDE, true, { getInitialValueInEffect: false });
  const fields = useReceiptFields();
  if (!wide) {
    return (
      <Stack gap="sm" mt="sm">
        {receipts.map((r) => {
          const f = fields(r);
          return (
            <Paper key={r.orderId} withBorder radius="md" p="sm" data-testid="receipt">
              <Group justify="space-between" gap="xs" mb="xs">
                <Text fw={600}>{f.plan}</Text>
                <Group gap="xs">
                  {f.refunded}
                  <Text fw={700}>{f.amount}</Text>
                </Group>
              </Group>
              <SimpleGrid cols={2} spacing="xs">
                <Field label={t('profile.paidOn')} value={f.paidOn} />
                <Field label={t('profile.method')} value={f.method} />
                <Field label={t('profile.valid')} value={f.valid} />
                <Field label={t('profile.receipt')} value={r.receiptNumber} />
              </SimpleGrid>
            </Paper>
          );
        })}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640} mt="sm">
      <Table striped fz="sm" data-testid="receipts-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('profile.paidOn')}</Table.Th>
            <Table.Th>{t('profile.plan')}</Table.Th>
            <Table.Th ta="right">{t('profile.amount')}</Table.Th>
            <Table.Th>{t('profile.method')}</Table.Th>
            <Table.Th>{t('profile.receipt')}</Table.Th>
            <Table.Th>{t('profile.valid')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {receipts.map((r) => {
            const f = fields(r);
            return (
              <Table.Tr key={r.orderId} data-testid="receipt">
                <Table.Td>{f.paidOn}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {f.plan}
                    {f.refunded}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{f.amount}</Table.Td>
                <Table.Td>{f.method}</Table.Td>
                <Table.Td>{r.receiptNumber}</Table.Td>
                <Table.Td>{f.valid}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}
