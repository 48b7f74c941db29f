import { Alert, Button, Card, Group, Loader, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconBuildingBank, IconCreditCard, IconQrcode, IconWallet } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod, PaymentProviderName, Plan } from '@ki/contracts';
import { ApiError } from '../../../lib/api-client';
import { useCheckout, type CheckoutNotice } from '../hooks/use-checkout';
import { formatRupees } from '../plan-format';
import { usePlanName } from '../use-access-text';

/**
 * Every payment method (a Record: the type checker asks for each of the contract's), with its icon,
 * in the contract's order (PAYMENT_METHODS; payment-step.test.ts compares them). Not the contract's
 * list itself: importing a value from @ki/contracts brings its zod schemas into the page, about 27 KB
 * for the student who lands here on a phone.
 */
export const METHOD_ICONS: Record<PaymentMethod, ReactNode> = {
  upi: <IconQrcode size={22} aria-hidden="true" />,
  card: <IconCreditCard size={22} aria-hidden="true" />,
  wallet: <IconWallet size={22} aria-hidden="true" />,
  netbanking: <IconBuildingBank size={22} aria-hidden="true" />,
};
const METHODS = Object.keys(METHOD_ICONS) as PaymentMethod[];

/**
 * The payment step of /plans (access-and-app-shell.md 2.8 'Payment (choose method, proceed to
 * pay)'): the plan chosen, the payment method, the amount, and Proceed to pay, which opens the
 * provider's checkout. With no provider ('off') it says to ask the school instead.
 */
export function PaymentStep({
  plan,
  provider,
  onBack,
}: {
  plan: Plan;
  provider: PaymentProviderName;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation('plans');
  const name = usePlanName();
  const [method, setMethod] = useState<PaymentMethod>('upi');
  const checkout = useCheckout();
  const working = checkout.step !== 'idle';
  return (
    <Card withBorder radius="md" padding="lg" maw={640} w="100%" mx="auto" data-testid="payment-step">
      <Stack gap="md">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
          onClick={onBack}
          // Not while a payment is under way or waits for its confirmation (Try again needs this step).
          disabled={checkout.isBusy}
          style={{ alignSelf: 'flex-start' }}
          data-testid="payment-back"
        >
          {t('payment.changePlan')}
        </Button>
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h4">
            {name(plan)}
          </Title>
          <Text fw={800} fz="xl">
            {formatRupees(plan.pricePaise, i18n.resolvedLanguage)}
          </Text>
        </Group>
        {provider === 'off' ? (
          <Alert color="yellow" data-testid="payment-unavailable">
            {t('payment.unavailable')}
          </Alert>
        ) : (
          <>
            <Radio.Group
              value={method}
              onChange={(value) => setMethod(value as PaymentMethod)}
              label={t('payment.chooseMethod')}
              labelProps={{ mb: 'xs' }}
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                {METHODS.map((m) => (
                  <Radio.Card
                    key={m}
                    value={m}
                    radius="md"
                    p="md"
                    disabled={working}
                    data-testid={`payment-method-${m}`}
                  >
                    <Group wrap="nowrap" gap="sm">
                      <Radio.Indicator />
                      {METHOD_ICONS[m]}
                      <Text fw={600}>{t(`payment.methods.${m}`)}</Text>
                    </Group>
                  </Radio.Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
            <Group justify="space-between" data-testid="payment-amount">
              <Text>{t('payment.amount')}</Text>
              <Text fw={700}>{formatRupees(plan.pricePaise, i18n.resolvedLanguage)}</Text>
            </Group>
            {checkout.notice ? <Notice notice={checkout.notice} onConfirmAgain={checkout.confirmAgain} /> : null}
            {working ? (
              <Group gap="xs" role="status" data-testid="payment-progress">
                <Loader size="xs" />
                <Text size="sm">{t(`payment.progress.${checkout.step}`)}</Text>
              </Group>
            ) : null}
            <Button
              size="md"
              onClick={() => checkout.pay(plan, method)}
              loading={working}
              disabled={checkout.isBusy}
              data-testid="payment-proceed"
            >
              {t('payment.proceed')}
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** A notice in the page's words; a refusal in the shared words of its code (errors.json). */
function useNoticeText() {
  const { t } = useTranslation(['plans', 'errors']);
  return (notice: CheckoutNotice): string => {
    switch (notice.kind) {
      case 'failed':
        return t('payment.failed');
      case 'cancelled':
        return t('payment.cancelled');
      case 'script':
        return t(notice.method === 'wallet' ? 'payment.scriptFailed.wallet' : 'payment.scriptFailed.card');
      case 'unverified':
        return t('payment.unverified');
      case 'error':
        return notice.error instanceof ApiError
          ? t(`errors:${notice.error.code}`, { defaultValue: notice.error.message })
          : t('errors:INTERNAL');
    }
  };
}

const NOTICE_COLOR: Record<CheckoutNotice['kind'], string> = {
  failed: 'red',
  cancelled: 'gray',
  script: 'red',
  error: 'red',
  unverified: 'yellow',
};

function Notice({ notice, onConfirmAgain }: { notice: CheckoutNotice; onConfirmAgain: () => void }) {
  const { t } = useTranslation('plans');
  const text = useNoticeText();
  return (
    <Alert color={NOTICE_COLOR[notice.kind]} role="alert" data-testid="payment-notice">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text(notice)}</Text>
        {notice.kind === 'unverified' ? (
          <Button size="xs" variant="light" onClick={onConfirmAgain} data-testid="payment-confirm-again">
            {t('payment.tryAgain')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
