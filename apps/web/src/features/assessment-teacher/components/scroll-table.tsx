import { ScrollArea, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import './scroll-table.css';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** Long text (a question) wraps on a phone instead of stretching the row. */
  wrap?: boolean;
}

/**
 * A table that scrolls sideways on a phone with its first column in view. The scrolling region
 * takes keyboard focus so it can be scrolled without a mouse.
 */
export function ScrollTable<T>({
  rows,
  columns,
  rowKey,
  label,
  minWidth = 640,
  testId,
}: {
  rows: readonly T[];
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  label: string;
  minWidth?: number;
  testId: string;
}) {
  return (
    <ScrollArea viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': label }}>
      <Table striped highlightOnHover miw={minWidth} className="ki-quiz-table" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} ta={c.align ?? 'left'}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} data-testid={`${testId}-row`}>
              {columns.map((c) => (
                <Table.Td key={c.key} ta={c.align ?? 'left'} data-col={c.key} data-wrap={c.wrap ? '' : undefined}>
                  {c.render(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
