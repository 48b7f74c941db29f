/**
 * What a child reads first when a game ends (issue #28): stars, a simple score, the coins and one
 * sentence; the exact figures (the adults' percentages) are one tap away below.
 */
import { useId, useState, type ReactNode } from 'react';
import { Button, Card, Collapse, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconCoins, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface ResultHeroProps {
  stars: 0 | 1 | 2 | 3;
  correct: number;
  total: number;
  /** The coins as they should read ("90 coins"), counting up when just earned. */
  coins: string;
  /** One sentence for the child: the mistakes feedback's title. */
  sentence: string;
  coinsTestId?: string;
}

export function ResultHero({ stars, correct, total, coins, sentence, coinsTestId = 'result-lc' }: ResultHeroProps) {
  const { t } = useTranslation('journey');
  return (
    <Card withBorder radius="lg" padding="lg" bg="var(--mantine-color-yellow-0)" data-testid="result-hero">
      <Stack gap={6} align="center" ta="center">
        <Group
          gap={4}
          role="img"
          aria-label={t('result.stars', { count: stars })}
          data-testid="result-stars"
          data-stars={stars}
        >
          {[1, 2, 3].map((n) =>
            n <= stars ? (
              <IconStarFilled key={n} size={44} color="var(--mantine-color-yellow-5)" aria-hidden="true" />
            ) : (
              <IconStar key={n} size={44} color="var(--mantine-color-gray-4)" aria-hidden="true" />
            ),
          )}
        </Group>
        <Text fz={30} fw={800} lh={1.2} data-testid="result-score">
          {t('result.rightOf', { correct, total })}
        </Text>
        <Group gap={6} justify="center">
          <IconCoins size={24} color="var(--mantine-color-yellow-7)" aria-hidden="true" />
          <Text fz={22} fw={700} data-testid={coinsTestId}>
            {coins}
          </Text>
        </Group>
        <Text fw={600} data-testid="result-sentence">
          {sentence}
        </Text>
      </Stack>
    </Card>
  );
}

/** One exact figure: a small label over its value. */
export function ExactFigure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={700}>
        {label}
      </Text>
      <Text fz={20} fw={700} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** The exact figures, closed until the curious child (or a parent) opens them. */
export function ExactFigures({ children }: { children: ReactNode }) {
  const { t } = useTranslation('journey');
  const [open, setOpen] = useState(false);
  const reduced = useReducedMotion();
  const id = useId();
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-md"
        mih={44}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={id}
        rightSection={
          open ? <IconChevronUp size={16} aria-hidden="true" /> : <IconChevronDown size={16} aria-hidden="true" />
        }
        data-testid="exact-figures"
      >
        {open ? t('result.hideFigures') : t('result.exactFigures')}
      </Button>
      <Collapse expanded={open} id={id} transitionDuration={reduced ? 0 : 200}>
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm" mt="xs">
          {children}
        </SimpleGrid>
      </Collapse>
    </div>
  );
}
