import type { ReactNode } from 'react';
import { Anchor, Badge, Group, SimpleGrid, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_DAYS, type EmployeeRecord } from '@clinic/shared';
import { InfoItem } from '@/components/details';
import { contactLabel } from '@/lib/contact-label';
import { formatDate } from './employee-format';
import { DetailsCard } from '@/components/details';

/** A label above its value; an empty value shows a dash. */
export function PersonInfo(props: { label: ReactNode; value: ReactNode; testId?: string }) {
  return <InfoItem {...props} empty="—" />;
}

export { DetailsCard };

export function InfoGrid({ children }: { children: ReactNode }) {
  return <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">{children}</SimpleGrid>;
}

/** Contact infos as links (mailto / tel). */
export function ContactList({ contacts }: { contacts: EmployeeRecord['contactInfos'] }) {
  const { t } = useTranslation();
  if (!contacts.length) return <Text size="sm" c="dimmed">{t('people.empty.contacts')}</Text>;
  return (
    <Stack gap={8}>
      {contacts.map((c, i) => (
        <Group key={`${c.type}-${i}`} gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" size={26} radius="xl" color={c.type === 'email' ? 'grape' : 'teal'} aria-hidden>
            {c.type === 'email' ? <IconMail size={14} /> : <IconPhone size={14} />}
          </ThemeIcon>
          <Anchor href={c.type === 'email' ? `mailto:${c.value}` : `tel:${c.value}`} size="sm" dir="ltr" style={{ overflowWrap: 'anywhere' }}>{c.value}</Anchor>
          {c.subType && <Text size="xs" c="dimmed">({contactLabel(c.subType, t)})</Text>}
        </Group>
      ))}
    </Stack>
  );
}

/** Working hours: one row per working day (week order) with its shifts. */
export function WorkingHoursTable({ hours, breaks }: { hours: EmployeeRecord['workingHours']; breaks?: EmployeeRecord['breakTimes'] }) {
  const { t } = useTranslation();
  if (!hours.length) return <Text size="sm" c="dimmed">{t('people.empty.workingHours')}</Text>;
  const days = EMPLOYEE_DAYS.map((day) => ({
    day,
    shifts: hours.filter((h) => h.day === day).sort((a, b) => a.startTime.localeCompare(b.startTime)),
  })).filter((d) => d.shifts.length > 0);
  return (
    <Stack gap="sm">
      <Table verticalSpacing={6} data-testid="working-hours-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('people.fields.day')}</Table.Th>
            <Table.Th>{t('people.fields.shifts')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {days.map(({ day, shifts }) => (
            <Table.Tr key={day} data-testid={`working-day-${day}`}>
              <Table.Td><Text size="sm" fw={500}>{t(`people.days.${day}`)}</Text></Table.Td>
              <Table.Td>
                <Group gap={6}>
                  {shifts.map((s) => (
                    <Badge key={`${s.startTime}-${s.endTime}`} variant="light" color="gray" tt="none" fw={500} dir="ltr" size="lg" radius="sm">
                      {s.startTime} – {s.endTime}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {breaks && breaks.length > 0 && (
        <Group gap="xs">
          <Text size="sm" c="dimmed">{t('people.sections.breakTimes')}:</Text>
          {breaks.map((b, i) => <Badge key={i} variant="light" color="orange" tt="none" dir="ltr">{b.startTime}–{b.endTime}</Badge>)}
        </Group>
      )}
    </Stack>
  );
}

export function VacationsTable({ records }: { records: EmployeeRecord['vacationRecords'] }) {
  const { t } = useTranslation();
  if (!records.length) return <Text size="sm" c="dimmed">{t('people.empty.vacations')}</Text>;
  return (
    <Stack gap="xs" data-testid="vacations-list">
      {records.map((r, i) => (
        <Group key={i} justify="space-between" gap="xs" wrap="wrap" py={4} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <Stack gap={0}>
            <Text size="sm" fw={500}>{t(`people.leaveTypes.${r.leaveType}`)}</Text>
            <Text size="xs" c="dimmed">{formatDate(r.leaveStartDate)} – {formatDate(r.leaveEndDate)}</Text>
          </Stack>
          <Badge color={r.status === 'Approved' ? 'teal' : 'yellow'} tt="none">{t(`people.leaveStatuses.${r.status}`)}</Badge>
        </Group>
      ))}
    </Stack>
  );
}
