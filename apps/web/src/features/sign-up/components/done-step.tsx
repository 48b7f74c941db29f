import { Button, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SignUpDone } from '@ki/contracts';
import { useSignedIn } from '../../../lib/use-signed-in';
import { groupLoginCode } from '../sign-up-fields';

/**
 * The account is made and the child is signed in on this device: the child's 14-digit sign-in code,
 * large and in fours, to write down (it is texted to the parent too). Continue goes where the app
 * starts (a school where families pay sends a child without a plan to /plans), in the child's language.
 */
export function DoneStep({ done }: { done: SignUpDone }) {
  const { t } = useTranslation('signup');
  const signedIn = useSignedIn();
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" ta="center">
        <Text size="sm" c="dimmed">
          {t('done.code')}
        </Text>
        <Text
          component="p"
          m={0}
          // One line on a 360 px phone.
          fz={{ base: 22, xs: 28 }}
          fw={700}
          ff="monospace"
          style={{ letterSpacing: '0.05em', whiteSpace: 'nowrap' }}
          data-testid="signup-login-code"
        >
          {groupLoginCode(done.loginCode)}
        </Text>
      </Paper>
      <Text size="sm" data-testid="signup-done-texted">
        {t('done.texted')}
      </Text>
      <Button onClick={() => signedIn(done.me)} data-testid="signup-continue">
        {t('done.continue')}
      </Button>
    </Stack>
  );
}
