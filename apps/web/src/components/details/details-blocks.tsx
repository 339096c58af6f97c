import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Card, Group, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Ref } from '@clinic/shared';
import { contactLabel } from '@/lib/contact-label';
import { formatNumber } from '@/lib/dates';

interface InfoItemProps {
  label: ReactNode;
  value: ReactNode;
  /** What an empty value shows (by default "Not set"). */
  empty?: string;
  testId?: string;
}

/** A label above its value. */
export function InfoItem({ label, value, empty: emptyText, testId }: InfoItemProps) {
  const { t, i18n } = useTranslation();
  const empty = value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  return (
    <Stack gap={2} data-testid={testId} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.03em' }}>
        {label}
      </Text>
      {typeof value === 'string' || typeof value === 'number' || empty ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line', unicodeBidi: 'plaintext' }} c={empty ? 'dimmed' : undefined}>
          {empty ? (emptyText ?? t('organisation.details.notSet')) : typeof value === 'number' ? formatNumber(value, i18n.language) : value}
        </Text>
      ) : (
        value
      )}
    </Stack>
  );
}

interface StatTileProps {
  label: string;
  /** Not known yet: a dash. */
  value: number | string | undefined;
  icon: ReactNode;
  testId?: string;
  /** The value's own test id (by default the tile's followed by `-value`). */
  valueTestId?: string;
}

/** A number with its label and icon, at the top of a details page. */
export function StatTile({ label, value, icon, testId, valueTestId }: StatTileProps) {
  const { i18n } = useTranslation();
  return (
    <Card padding="md" data-testid={testId}>
      <Group gap="md" wrap="nowrap">
        <ThemeIcon variant="light" size={44} radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
        <Stack gap={0}>
          <Text fz={26} fw={700} lh={1.1} data-testid={valueTestId ?? (testId ? `${testId}-value` : undefined)}>
            {typeof value === 'number' ? formatNumber(value, i18n.language) : (value ?? '—')}
          </Text>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** A titled card of a details page, with an optional icon before the title and an action at its end. */
export function SectionCard({ title, icon, children, action, testId }: { title: ReactNode; icon?: ReactNode; children: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <Card data-testid={testId}>
      <Group justify="space-between" mb="md" gap="sm">
        <Group gap="sm" wrap="nowrap">
          {icon && <ThemeIcon variant="light" size={32} radius="md" aria-hidden>{icon}</ThemeIcon>}
          <Title order={3} fz={icon ? 'md' : 'h5'}>
            {title}
          </Title>
        </Group>
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
            <Text size="xs" c="dimmed" ff="monospace" style={{ flexShrink: 0 }} dir="ltr">
              {item.publicId}
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}

/** Mail, phone and maps links of a record. */
export function ContactLinks({ contacts, location }: { contacts: Array<{ type: string; value: string }>; location?: { x: number; y: number } | null }) {
  const { t } = useTranslation();
  const email = contacts.find((c) => c.type === 'email')?.value;
  const phone = contacts.find((c) => c.type === 'phone')?.value;
  const link = (label: string, href: string | undefined, icon: ReactNode, testId: string) => (
    <Tooltip label={href ? label : t('organisation.details.notSet')}>
      {/* A link when there is somewhere to go; otherwise a disabled button (a link without href has no role to name). */}
      {href ? (
        <ActionIcon component="a" href={href} target={href.startsWith('http') ? '_blank' : undefined} rel="noreferrer" variant="light" size="lg" aria-label={label} data-testid={testId}>
          {icon}
        </ActionIcon>
      ) : (
        <ActionIcon variant="light" size="lg" aria-label={`${label}: ${t('organisation.details.notSet')}`} disabled data-testid={testId}>
          {icon}
        </ActionIcon>
      )}
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
