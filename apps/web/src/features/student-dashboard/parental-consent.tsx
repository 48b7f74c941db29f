import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParentalConsent } from '@ki/contracts';
import { formatDate } from '../../lib/format-date';
import { ConsentAgreement } from '../../ui/consent-agreement';
import { useGiveConsent, useWithdrawConsent } from './api/parental-consent';

/**
 * The parent's consent for an account the family made (issue #27; DPDP Act 2023 s.9): who agreed,
 * when, and to which text; when it was withdrawn. A linked parent withdraws it (after a warning: the
 * child is signed out and cannot play) or gives it again (after reading the text and ticking the box).
 * Which buttons show comes from the server's flags (canWithdraw, canGiveAgain).
 */
export function ParentalConsentSection({
  studentId,
  childName,
  consent,
  timeZone,
}: {
  studentId: number;
  childName: string;
  consent: ParentalConsent;
  timeZone: string | undefined;
}) {
  const { t, i18n } = useTranslation('student');
  const [dialog, setDialog] = useState<'withdraw' | 'give' | null>(null);
  const date = (iso: string) => formatDate(iso, i18n.language, timeZone);
  const close = () => setDialog(null);
  return (
    <Stack gap="xs" data-testid="parental-consent">
      <Title order={5}>{t('data.consent.title')}</Title>
      <Text size="sm" data-testid="consent-given">
        {t('data.consent.given', {
          name: consent.givenBy,
          mobile: consent.mobile,
          date: date(consent.givenAt),
          version: consent.textVersion,
        })}
      </Text>
      {consent.withdrawnAt ? (
        <Alert color="yellow" variant="light" data-testid="consent-withdrawn">
          {t('data.consent.withdrawn', { date: date(consent.withdrawnAt), child: childName })}
        </Alert>
      ) : null}
      {consent.canWithdraw || consent.canGiveAgain ? (
        <Group gap="sm">
          {consent.canWithdraw ? (
            <Button variant="light" color="red" onClick={() => setDialog('withdraw')} data-testid="withdraw-consent">
              {t('data.consent.withdraw')}
            </Button>
          ) : null}
          {consent.canGiveAgain ? (
            <Button variant="light" onClick={() => setDialog('give')} data-testid="give-consent">
              {t('data.consent.giveAgain')}
            </Button>
          ) : null}
        </Group>
      ) : null}
      <Modal opened={dialog === 'withdraw'} onClose={close} title={t('data.consent.withdrawTitle')} centered>
        <WithdrawConsentForm studentId={studentId} childName={childName} onDone={close} />
      </Modal>
      <Modal opened={dialog === 'give'} onClose={close} title={t('data.consent.giveTitle')} centered size="lg">
        <GiveConsentForm studentId={studentId} childName={childName} onDone={close} />
      </Modal>
    </Stack>
  );
}

/** What withdrawing does, then Withdraw: the child is signed out at once; the records stay. */
function WithdrawConsentForm({
  studentId,
  childName,
  onDone,
}: {
  studentId: number;
  childName: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('student');
  const withdraw = useWithdrawConsent(studentId);
  function submit(event: FormEvent) {
    event.preventDefault();
    withdraw.mutate(undefined, {
      onSuccess: () =>
        notifications.show({ color: 'teal', message: t('data.consent.withdrawDone', { child: childName }) }),
      onError: () => notifications.show({ color: 'red', message: t('data.consent.failed') }),
      onSettled: onDone,
    });
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('data.consent.withdrawExplain', { child: childName })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('data.cancel')}
          </Button>
          <Button type="submit" color="red" loading={withdraw.isPending} data-testid="withdraw-consent-confirm">
            {t('data.consent.withdrawConfirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The consent text of the current version and its box; nothing is sent until the box is ticked. */
function GiveConsentForm({
  studentId,
  childName,
  onDone,
}: {
  studentId: number;
  childName: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('student');
  const give = useGiveConsent(studentId);
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!agreed) return setError(t('data.consent.agreeFirst'));
    give.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('data.consent.giveDone', { child: childName }) }),
      onError: () => notifications.show({ color: 'red', message: t('data.consent.failed') }),
      onSettled: onDone,
    });
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <ConsentAgreement
          checked={agreed}
          onChange={(checked) => {
            setAgreed(checked);
            if (checked) setError(null);
          }}
          error={error}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('data.cancel')}
          </Button>
          <Button type="submit" loading={give.isPending} data-testid="give-consent-send">
            {t('data.consent.giveConfirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
