import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportProblem } from '@clinic/shared';
import { formatNumber } from '@/lib/dates';

/** The dry run's report: each refused or duplicate row with its column and reason (the first 1,000). */
export function ReportTable({ problems }: { problems: ImportProblem[] }) {
  const { t, i18n } = useTranslation();
  if (!problems.length) return <Text size="sm" c="dimmed" data-testid="import-report-empty">{t('imports.noProblems')}</Text>;
  return (
    <Table.ScrollContainer minWidth={420} mah={360}>
      <Table data-testid="import-report" striped verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('imports.row')}</Table.Th>
            <Table.Th>{t('imports.column')}</Table.Th>
            <Table.Th>{t('imports.reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {problems.map((p, i) => (
            <Table.Tr key={`${p.row}-${p.column ?? ''}-${i}`} data-testid="import-problem">
              <Table.Td>{formatNumber(p.row, i18n.language)}</Table.Td>
              <Table.Td><Text size="sm" dir="auto">{p.column ?? '—'}</Text></Table.Td>
              <Table.Td>
                <Badge size="xs" variant="light" color={p.kind === 'duplicate' ? 'yellow' : 'red'} me={6}>{t(`imports.problemKinds.${p.kind}`)}</Badge>
                <Text span size="sm">{p.message}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
