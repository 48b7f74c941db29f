import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SubmissionItem } from '@ki/contracts';
import { formatDateTime } from '../../../lib/format-date';

/** Who created, edited, submitted and decided each item, and when. */
export function AuditTable({ items, lang }: { items: SubmissionItem[]; lang: string }) {
  const { t } = useTranslation('authoring');
  const when = (person: { name: string } | null, at: string | null) =>
    person && at ? `${person.name}, ${formatDateTime(at, lang)}` : '—';
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table fz="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('review.item')}</Table.Th>
            <Table.Th>{t('review.created')}</Table.Th>
            <Table.Th>{t('review.edited')}</Table.Th>
            <Table.Th>{t('review.submitted')}</Table.Th>
            <Table.Th>{t('review.decided')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i) => (
            <Table.Tr key={i.revisionId}>
              <Table.Td>
                {t(`kinds.${i.entityType}`)} #{i.entityId}
              </Table.Td>
              <Table.Td>{when(i.audit.createdBy, i.audit.createdAt)}</Table.Td>
              <Table.Td>{when(i.audit.editedBy, i.audit.editedAt)}</Table.Td>
              <Table.Td>{when(i.audit.submittedBy, i.audit.submittedAt)}</Table.Td>
              <Table.Td>
                {i.audit.approvedBy
                  ? when(i.audit.approvedBy, i.audit.approvedAt)
                  : when(i.audit.returnedBy, i.audit.returnedAt)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
