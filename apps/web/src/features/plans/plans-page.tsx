import { Alert, Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { PlansResponse } from '@ki/contracts';
import { paths } from '../../config/paths';
import { useMe } from '../../lib/session';
import { placeOf, useUrlState } from '../../lib/url-state';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { NotOnDevice } from '../../ui/offline-parts';
import { usePlans } from './api/get-plans';
import { PaymentStep } from './components/payment-step';
import { PlanCard } from './components/plan-card';
import { planOf } from './plan-format';
import { useAccessText } from './use-access-text';
import './strings';

/**
 * /plans (issue #27; access-and-app-shell.md 2.1, 2.8 'Plans. Payment', 8 'no plan found'): where the
 * student's access stands, the plans on offer, and paying for one. A student whose school pays is
 * told so; one whose plan has ended lands here from every learner page (app/guards.tsx RequirePlan).
 * The plan being paid for is in the address (?plan=<code>), so a reload keeps the payment step.
 */
export function PlansPage() {
  const { t } = useTranslation('plans');
  const plans = usePlans();
  if (!plans.data)
    return (
      <NotOnDevice query={plans} failedText={t('loadFailed')} loader={<FullScreenLoader label={t('loading')} />} />
    );
  return <Plans data={plans.data} />;
}

function Plans({ data }: { data: PlansResponse }) {
  const { t } = useTranslation('plans');
  const { data: me } = useMe();
  const accessText = useAccessText();
  const { params, setPlace, setView } = useUrlState();
  const location = useLocation();
  const navigate = useNavigate();
  const { access, plans, provider } = data;
  const chosen = planOf(plans, params.get('plan'));
  const shortest = Math.min(...plans.map((p) => p.durationDays));
  // Back to the plans: through history when Choose opened the payment step (Back then does the
  // same), else (a reload, a shared link) by taking the plan out of the address.
  const backToPlans = () => {
    if (placeOf(location.state).depth > 0) void navigate(-1);
    else setView({ plan: null });
  };
  return (
    <Stack gap="md" maw={1040} mx="auto" w="100%">
      <Title order={1} size="h3">
        {t('title')}
      </Title>
      <Alert color={access.status === 'none' ? 'yellow' : 'teal'} data-testid="plans-status">
        {accessText(access)}
      </Alert>
      {access.status === 'school' ? (
        <Button
          component={Link}
          to={me?.home ?? paths.root}
          leftSection={<IconHome size={16} aria-hidden="true" />}
          style={{ alignSelf: 'flex-start' }}
          data-testid="plans-home"
        >
          {t('goHome')}
        </Button>
      ) : plans.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="plans-empty">
          {t('empty')}
        </Text>
      ) : chosen ? (
        <PaymentStep plan={chosen} provider={provider} onBack={backToPlans} />
      ) : (
        <>
          {access.status === 'active' ? <Text data-testid="plans-renew">{t('renewEarly')}</Text> : null}
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            {plans.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                showMonthly={plan.durationDays > shortest}
                onChoose={() => setPlace({ plan: plan.code })}
              />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
