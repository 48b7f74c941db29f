import { Alert, Avatar, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayRank, displayScore, toRoman } from '@ki/domain';
import { useOnline } from '../../lib/connectivity';
import { AvatarIcon } from '../../ui/avatar-icon';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { NotOnDevice } from '../../ui/offline-parts';
import { useLeaderboard } from './get-leaderboard';
import './strings';

/** Pages to link: at most 4 around the current one (dashboards.md 9). */
function pageLinks(page: number, count: number): number[] {
  const size = Math.min(4, count);
  const start = Math.min(Math.max(1, page - 1), count - size + 1);
  return count <= 1 ? [] : Array.from({ length: size }, (_, i) => start + i);
}

/** The class leaderboard (dashboards.md 2.1): own rank and score, the top 100, 10 a page. */
export function LeaderboardPage() {
  const { t } = useTranslation('leaderboard');
  const na = t('na');
  const [page, setPage] = useState(1);
  const board = useLeaderboard(page);
  const online = useOnline();
  if (!board.data)
    return (
      // Ranks live on the server: offline, a board never saved here cannot be shown.
      <NotOnDevice
        query={board}
        failedText={t('failed')}
        offlineText={t('offline.missing')}
        loader={<FullScreenLoader />}
      />
    );
  const { me, entries, pageCount, enabled } = board.data;
  return (
    <Stack gap="md" maw={720} mx="auto">
      <div>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed" data-testid="leaderboard-header">
          {t('header', { name: me.firstName, grade: toRoman(me.grade), board: me.boardName })}
        </Text>
      </div>
      <Card withBorder padding="md" radius="md">
        <Group justify="space-between">
          <Group gap="sm">
            <Avatar color="cyan" radius="xl">
              <AvatarIcon avatar={me.avatar} />
            </Avatar>
            <div>
              <Text size="sm" c="dimmed">
                {t('yourRank')}
              </Text>
              <Text fz={26} fw={700} data-testid="my-rank">
                {displayRank(me.rank, me.score, na)}
              </Text>
            </div>
          </Group>
          <div>
            <Text size="sm" c="dimmed" ta="right">
              {t('knowledgeWealth')}
            </Text>
            <Text fz={26} fw={700} ta="right" data-testid="my-score">
              {displayScore(me.score, na)}
            </Text>
          </div>
        </Group>
        <Text size="sm" c="dimmed" mt="sm" data-testid="knowledge-wealth-explained">
          {t('knowledgeWealthExplained')}
        </Text>
      </Card>
      {online ? null : (
        <Text size="sm" c="dimmed" data-testid="leaderboard-saved">
          {t('offline.saved')}
        </Text>
      )}
      {!enabled ? (
        <Alert color="blue" data-testid="leaderboard-off">
          {t('off')}
        </Alert>
      ) : entries.length === 0 ? (
        <Alert color="yellow" data-testid="leaderboard-empty">
          {t('empty')}
        </Alert>
      ) : (
        <>
          <Table striped data-testid="leaderboard-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('rank')}</Table.Th>
                <Table.Th>{t('student')}</Table.Th>
                <Table.Th ta="right">{t('knowledgeWealth')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => (
                <Table.Tr key={e.rank} fw={e.isMe ? 700 : undefined} data-testid="leaderboard-row">
                  <Table.Td>{e.rank}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Avatar size="sm" color={e.isMe ? 'orange' : 'cyan'} radius="xl">
                        <AvatarIcon avatar={e.avatar} />
                      </Avatar>
                      {e.name}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{e.score}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group gap={4}>
            {pageLinks(page, pageCount).map((n) => (
              <Button
                key={n}
                size="compact-sm"
                variant={n === page ? 'filled' : 'default'}
                onClick={() => setPage(n)}
                aria-current={n === page ? 'page' : undefined}
              >
                {n}
              </Button>
            ))}
          </Group>
        </>
      )}
    </Stack>
  );
}
