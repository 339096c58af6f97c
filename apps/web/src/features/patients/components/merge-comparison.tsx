import { Badge, Radio, Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PatientDetails, PatientRecordCounts } from '@clinic/shared';
import { formatDate } from './patient-format';

export interface Side { patient: PatientDetails | undefined; counts: PatientRecordCounts | undefined }

/** The counts the comparison shows (everything else moves too; the merge's answer names it all). */
const COUNTED = ['appointments', 'notes', 'invoices', 'encounters'] as const;

/**
 * The two records side by side (name, identity, mobile, date of birth, and how many appointments, notes, invoices
 * and visit notes each holds), with the choice of the record to keep. Stacks nothing: two narrow columns fit 320 px.
 */
export function MergeComparison({ sides, keep, onKeep }: { sides: [Side, Side]; keep: 0 | 1; onKeep: (side: 0 | 1) => void }) {
  const { t, i18n } = useTranslation();
  const cell = (side: Side, render: (p: PatientDetails) => React.ReactNode) => (side.patient ? render(side.patient) : <Skeleton h={14} w="70%" />);
  const rows: Array<[string, (p: PatientDetails) => React.ReactNode]> = [
    [t('patients.merge.fields.name'), (p) => <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>{p.name}</Text>],
    [t('patients.merge.fields.publicId'), (p) => <Text size="sm" ff="monospace" dir="ltr">{p.publicId}</Text>],
    [t('patients.merge.fields.identity'), (p) => <Text size="sm" dir="ltr">{p.identity || '—'}</Text>],
    [t('patients.merge.fields.phone'), (p) => <Text size="sm" dir="ltr">{p.phone || '—'}</Text>],
    [t('patients.merge.fields.dateOfBirth'), (p) => <Text size="sm">{formatDate(p.dateOfBirth, i18n.language)}</Text>],
  ];
  return (
    <Radio.Group value={String(keep)} onChange={(v) => onKeep(v === '1' ? 1 : 0)} label={t('patients.merge.keepLabel')} data-testid="merge-comparison">
      <Table layout="fixed" fz="sm" verticalSpacing={6} horizontalSpacing="xs" mt="xs" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="30%" />
            {sides.map((side, i) => (
              <Table.Th key={i}>
                <Radio value={String(i)} label={i === 0 ? t('patients.merge.thisRecord') : t('patients.merge.otherRecord')} data-testid={`merge-keep-${i}`} />
                {side.patient?.selfRegistered && <Badge mt={4} size="xs" color="grape" variant="light" tt="none">{t('patients.list.selfRegisteredBadge')}</Badge>}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([label, render]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row"><Text size="xs" c="dimmed">{label}</Text></Table.Th>
              {sides.map((side, i) => <Table.Td key={i}>{cell(side, render)}</Table.Td>)}
            </Table.Tr>
          ))}
          {COUNTED.map((kind) => (
            <Table.Tr key={kind}>
              <Table.Th scope="row"><Text size="xs" c="dimmed">{t(`patients.merge.kinds.${kind}`)}</Text></Table.Th>
              {sides.map((side, i) => (
                <Table.Td key={i} data-testid={`merge-count-${kind}-${i}`}>
                  {side.counts ? <Text size="sm">{t(`patients.merge.counts.${kind}`, { count: side.counts[kind] })}</Text> : <Skeleton h={14} w="50%" />}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Radio.Group>
  );
}
