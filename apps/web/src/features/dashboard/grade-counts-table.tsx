import { Anchor, ScrollArea, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NOT_AVAILABLE } from '@ki/domain';
import { OPENED_FROM_APP } from '../../lib/url-state';
import type { GradeChartRow } from './overview-chart-data';

type Kind = 'active' | 'inactive';

/**
 * The grade-wise chart's figures as a compact table, one column per grade (dashboards.md 2.3):
 * each active and inactive count links to that grade's students (the mixed-bar list), so keyboard
 * and screen-reader users reach every list the bars open, without a wall of buttons under the chart.
 */
export function GradeCountsTable({
  rows,
  hrefFor,
}: {
  rows: GradeChartRow[];
  hrefFor: (kind: Kind, grade: number) => string;
}) {
  const { t } = useTranslation('dashboard');
  // Students without a grade (the chart's last column) have no list of their own: the Registered
  // card lists them.
  const count = (row: GradeChartRow, kind: Kind) =>
    row[kind] === 0 || row.grade === null ? (
      <span data-testid={`grade-count-${row.grade ?? 'none'}-${kind}`}>{row[kind]}</span>
    ) : (
      <Anchor
        component={Link}
        to={hrefFor(kind, row.grade)}
        state={OPENED_FROM_APP}
        size="sm"
        aria-label={t('gradeCounts.link', { type: t(`cards.${kind}`), grade: row.label, count: row[kind] })}
        data-testid={`grade-bar-${row.grade}-${kind}`}
      >
        {row[kind]}
      </Anchor>
    );
  return (
    <ScrollArea viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('gradeBars') }} mt="xs">
      <Table fz="sm" withRowBorders={false} horizontalSpacing={6} verticalSpacing={2} data-testid="grade-counts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('gradeSelect')}</Table.Th>
            {rows.map((r) => (
              <Table.Th key={r.grade ?? 'none'} ta="right" style={{ whiteSpace: 'nowrap' }}>
                {r.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(['active', 'inactive'] as const).map((kind) => (
            <Table.Tr key={kind}>
              <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {t(`cards.${kind}`)}
              </Table.Th>
              {rows.map((r) => (
                <Table.Td key={r.grade ?? 'none'} ta="right">
                  {count(r, kind)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
              {t('averageScoreUnit')}
            </Table.Th>
            {rows.map((r) => (
              <Table.Td key={r.grade ?? 'none'} ta="right" c="dimmed">
                {r.active === 0 ? NOT_AVAILABLE : r.averageScore}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
