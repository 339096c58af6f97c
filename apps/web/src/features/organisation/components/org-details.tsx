import { Badge, Group, SimpleGrid, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DAYS, formatDate, hoursRange } from '../org-format';

/** A clinic's week: each day's time slots in 24-hour time, or Closed. */
export function WorkingHoursGrid({ entries }: { entries: Array<{ day: string; timeSlots: Array<{ startTime: string; endTime: string }> }> }) {
  const { t, i18n } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 1, lg: 1 }} spacing={6} data-testid="working-hours-grid">
      {DAYS.map((day) => {
        const entry = entries.find((e) => e.day === day);
        return (
          <Group key={day} justify="space-between" gap="xs" wrap="nowrap" py={4} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
            <Text size="sm" fw={600}>
              {t(`organisation.days.${day}`)}
            </Text>
            {entry ? (
              <Group gap={4} justify="flex-end">
                {entry.timeSlots.map((s, i) => (
                  <Badge key={i} variant="light" tt="none" size="md" data-testid="working-hours-slot">
                    {hoursRange(s.startTime, s.endTime, i18n.language)}
                  </Badge>
                ))}
              </Group>
            ) : (
              <Badge color="gray" variant="outline" tt="none">
                {t('organisation.workingHours.closed')}
              </Badge>
            )}
          </Group>
        );
      })}
    </SimpleGrid>
  );
}

/** A complex's opening periods grouped by day. */
export function WorkingDaysGrid({ rows }: { rows: Array<{ day: string; startTime: string; endTime: string }> }) {
  return <WorkingHoursGrid entries={DAYS.filter((d) => rows.some((r) => r.day === d)).map((day) => ({ day, timeSlots: rows.filter((r) => r.day === day) }))} />;
}

export function HolidaysTable({ holidays }: { holidays: Array<{ name: string; date: string; reason: string }> }) {
  const { t, i18n } = useTranslation();
  if (!holidays.length) {
    return (
      <Text size="sm" c="dimmed">
        {t('organisation.details.noHolidays')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={420} type="native">
      <Table verticalSpacing="xs" data-testid="holidays-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('organisation.holidays.name')}</Table.Th>
            <Table.Th>{t('organisation.holidays.date')}</Table.Th>
            <Table.Th>{t('organisation.holidays.reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...holidays].sort((a, b) => a.date.localeCompare(b.date)).map((h, i) => (
            <Table.Tr key={`${h.date}-${i}`}>
              <Table.Td>{h.name}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(h.date, i18n.language)}</Table.Td>
              <Table.Td>{h.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function establishedText(date: string | null | undefined, lang: string) {
  return date ? formatDate(date, lang) : '';
}
