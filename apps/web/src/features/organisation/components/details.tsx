import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Table, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconMail, IconMapPin, IconPhone, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Ref } from '@clinic/shared';
import { EmptyState } from '@/components/empty-state';
import { contactLabel } from '@/lib/contact-label';
import { DAYS, formatDate, formatTime } from '../org-format';

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Group>
      <Button
        component={Link}
        to={to}
        variant="subtle"
        color="gray"
        size="compact-sm"
        leftSection={<IconArrowLeft size={16} style={{ transform: 'scaleX(var(--mantine-direction-scale, 1))' }} />}
      >
        {label}
      </Button>
    </Group>
  );
}

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="40vh">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

/** Not found (or another company's id) and load failures of a details page. */
export function DetailsMissing({ title, error, onRetry, backTo, backLabel }: { title: string; error?: string | null; onRetry?: () => void; backTo: string; backLabel: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <EmptyState
        title={error ?? title}
        icon={<IconSearch stroke={1.6} />}
        actions={
          <Group gap="sm">
            {error && onRetry && (
              <Button variant="default" onClick={onRetry}>
                {t('common.actions.retry')}
              </Button>
            )}
            <Button component={Link} to={backTo} variant="light" leftSection={<IconArrowLeft size={16} />}>
              {backLabel}
            </Button>
          </Group>
        }
      />
    </Card>
  );
}

export function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={active ? 'teal' : 'gray'} variant="light" tt="none" data-status={active ? 'active' : 'inactive'}>
      {active ? t('common.status.active') : t('common.status.inactive')}
    </Badge>
  );
}

export function InfoItem({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const empty = value === null || value === undefined || value === '';
  return (
    <Stack gap={2} data-testid={testId} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.03em' }}>
        {label}
      </Text>
      {typeof value === 'string' || typeof value === 'number' || empty ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }} c={empty ? 'dimmed' : undefined}>
          {empty ? t('organisation.details.notSet') : value}
        </Text>
      ) : (
        value
      )}
    </Stack>
  );
}

export function StatTile({ label, value, icon, testId }: { label: string; value: number | string; icon: ReactNode; testId?: string }) {
  return (
    <Card padding="md" data-testid={testId}>
      <Group gap="md" wrap="nowrap">
        <ThemeIcon variant="light" size={44} radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
        <Stack gap={0}>
          <Text fz={26} fw={700} lh={1.1} data-testid={testId ? `${testId}-value` : undefined}>
            {value}
          </Text>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

export function SectionCard({ title, children, action, testId }: { title: string; children: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <Card data-testid={testId}>
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={3} fz="h5">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

/** A list of referenced records (clinics, doctors, ...), each linking to its details when it has a page. */
export function RefList({ items, emptyText, linkTo, testId, withIds = true }: { items: Ref[]; emptyText: string; linkTo?: (id: string) => string; testId?: string; withIds?: boolean }) {
  if (!items.length) {
    return (
      <Text size="sm" c="dimmed" data-testid={testId}>
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap={6} data-testid={testId}>
      {items.map((item) => (
        <Group key={item._id} gap="xs" wrap="nowrap" justify="space-between">
          {linkTo ? (
            <Anchor component={Link} to={linkTo(item._id)} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {item.name}
            </Anchor>
          ) : (
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {item.name}
            </Text>
          )}
          {withIds && item.publicId && (
            <Text size="xs" c="dimmed" ff="monospace" style={{ flexShrink: 0 }}>
              {item.publicId}
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}

/** A clinic's week: each day's time slots in 12-hour time, or Closed. */
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
                  <Badge key={i} variant="light" tt="none" size="md">
                    <span dir="ltr">
                      {formatTime(s.startTime, i18n.language)} – {formatTime(s.endTime, i18n.language)}
                    </span>
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

/** Mail, phone and maps links of a record. */
export function ContactLinks({ contacts, location }: { contacts: Array<{ type: string; value: string }>; location?: { x: number; y: number } | null }) {
  const { t } = useTranslation();
  const email = contacts.find((c) => c.type === 'email')?.value;
  const phone = contacts.find((c) => c.type === 'phone')?.value;
  const link = (label: string, href: string | undefined, icon: ReactNode, testId: string) => (
    <Tooltip label={href ? label : t('organisation.details.notSet')}>
      <ActionIcon component="a" href={href} target={href?.startsWith('http') ? '_blank' : undefined} rel="noreferrer" variant="light" size="lg" aria-label={label} disabled={!href} data-testid={testId}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Group gap="xs">
      {link(t('organisation.details.email'), email ? `mailto:${email}` : undefined, <IconMail size={18} />, 'contact-mail')}
      {link(t('organisation.details.phone'), phone ? `tel:${phone.replace(/[^\d+]/g, '')}` : undefined, <IconPhone size={18} />, 'contact-phone')}
      {link(t('organisation.details.map'), location ? `https://www.openstreetmap.org/?mlat=${location.x}&mlon=${location.y}#map=16/${location.x}/${location.y}` : undefined, <IconMapPin size={18} />, 'contact-map')}
    </Group>
  );
}

/** Contact rows as a compact list (type, value and sub type). */
export function ContactList({ contacts }: { contacts: Array<{ type: string; value: string; subType?: string | null }> }) {
  const { t } = useTranslation();
  if (!contacts.length) return <Text size="sm" c="dimmed">{t('organisation.details.noContacts')}</Text>;
  return (
    <Stack gap={6}>
      {contacts.map((c, i) => (
        <Group key={i} gap="xs" wrap="nowrap">
          {c.type === 'email' ? <IconMail size={16} stroke={1.6} /> : <IconPhone size={16} stroke={1.6} />}
          <Anchor href={c.type === 'email' ? `mailto:${c.value}` : `tel:${c.value.replace(/[^\d+]/g, '')}`} size="sm" dir="ltr">
            {c.value}
          </Anchor>
          {c.subType && (
            <Text size="xs" c="dimmed">
              {contactLabel(c.subType, t)}
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}

export function establishedText(date: string | null | undefined, lang: string) {
  return date ? formatDate(date, lang) : '';
}
