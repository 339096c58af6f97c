import { Card, Group, SimpleGrid, Table, Text } from '@mantine/core';
import { IconTarget } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ACCURACY_MAX_DAYS, daysBetween } from '@clinic/shared';
import { formatNumber } from '@/lib/dates';
import { useWaitAccuracy } from '../api/settings';

/**
 * The dashboard's "estimate vs actual" card: for the tickets called in the period, the wait announced at check-in
 * against the wait until the first call, overall and by doctor.
 */
export function WaitAccuracyCard({ clinic, from, to }: { clinic: string | null; from: string; to: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const tooLong = daysBetween(from, to) + 1 > ACCURACY_MAX_DAYS;
  const accuracy = useWaitAccuracy({ ...(clinic ? { clinic } : {}), from, to }, !tooLong);
  const a = accuracy.data;
  const minutes = (v: number | null) => (v === null ? '—' : t('waitingRoom.accuracy.minutes', { value: formatNumber(v, lang, { maximumFractionDigits: 1 }) }));
  const percent = (v: number | null) => (v === null ? '—' : formatNumber(v / 100, lang, { style: 'percent', maximumFractionDigits: 0 }));
  const figures = a ? [
    { key: 'estimate', value: minutes(a.meanEstimateMinutes) },
    { key: 'actual', value: minutes(a.meanActualMinutes) },
    { key: 'error', value: minutes(a.meanAbsoluteErrorMinutes) },
    { key: 'within', value: percent(a.withinFiveMinutesPercent) },
  ] : [];
  return (
    <Card padding="md" withBorder h="100%" data-testid="wait-accuracy">
      <Group gap="xs" wrap="nowrap"><IconTarget size={18} /><Text fw={600}>{t('waitingRoom.accuracy.title')}</Text></Group>
      <Text size="xs" c="dimmed" mb="sm">{t('waitingRoom.accuracy.hint')}</Text>
      {tooLong ? <Text c="dimmed" size="sm">{t('waitingRoom.accuracy.tooLong', { days: ACCURACY_MAX_DAYS })}</Text>
        : !a ? <Text c="dimmed" size="sm">{accuracy.isError ? accuracy.error.message : t('common.loading')}</Text>
        : a.called === 0 ? <Text c="dimmed" size="sm" data-testid="wait-accuracy-none">{t('waitingRoom.accuracy.none')}</Text> : (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mb="sm">
              {figures.map((f) => (
                <div key={f.key} data-testid={`wait-accuracy-${f.key}`}>
                  <Text size="xs" c="dimmed">{t(`waitingRoom.accuracy.${f.key}`)}</Text>
                  <Text fw={700} fz="lg" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{f.value}</Text>
                </div>
              ))}
            </SimpleGrid>
            {a.byDoctor.length > 0 && (
              <Table.ScrollContainer minWidth={420} type="native">
                <Table striped verticalSpacing={4} fz="sm" data-testid="wait-accuracy-doctors">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('waitingRoom.accuracy.doctor')}</Table.Th>
                      <Table.Th ta="end">{t('waitingRoom.accuracy.called')}</Table.Th>
                      <Table.Th ta="end">{t('waitingRoom.accuracy.estimate')}</Table.Th>
                      <Table.Th ta="end">{t('waitingRoom.accuracy.actual')}</Table.Th>
                      <Table.Th ta="end">{t('waitingRoom.accuracy.within')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {a.byDoctor.map((d) => (
                      <Table.Tr key={d.doctor._id}>
                        <Table.Td>{d.doctor.name}</Table.Td>
                        <Table.Td ta="end">{formatNumber(d.called, lang)}</Table.Td>
                        <Table.Td ta="end">{minutes(d.meanEstimateMinutes)}</Table.Td>
                        <Table.Td ta="end">{minutes(d.meanActualMinutes)}</Table.Td>
                        <Table.Td ta="end">{percent(d.withinFiveMinutesPercent)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
    </Card>
  );
}
