import { Anchor, Badge, Code, Drawer, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REDACTED_CLINICAL, REDACTED_SENSITIVE, type AuditEntry } from '@clinic/shared';
import type { DataTableColumn } from '@/components/list';
import { useCanOpen } from '@/lib/pages';
import { describeAuditRecord } from '../lib/audit-record';
import { localeOf } from '@/lib/dates';

const ACTION_COLORS: Record<string, string> = {
  create: 'teal',
  update: 'blue',
  delete: 'red',
  read: 'gray',
  login: 'teal',
  logout: 'gray',
  login_failed: 'orange',
  permission_denied: 'red',
  refresh_token_reused: 'red',
};

export function useAuditLabels() {
  const { t } = useTranslation();
  return {
    action: (action: string) => t(`audit.actions.${action}`, { defaultValue: action.replace(/_/g, ' ') }),
    entity: (entity: string) => t(`audit.entities.${entity}`, { defaultValue: entity.replace(/_/g, ' ') }),
  };
}

function formatInstant(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang === 'ar' ? localeOf(lang) : 'en-US', { dateStyle: 'medium', timeStyle: 'medium', hourCycle: 'h23' }).format(new Date(iso));
}

/**
 * What the entry's record is: its name or public id when the entry carries them, else its kind; linked to its details
 * page when it has one, still exists and the user may open it. Database ids are not shown.
 */
export function AuditRecordLabel({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const labels = useAuditLabels();
  const canOpen = useCanOpen();
  const record = describeAuditRecord(entry);
  // A read of a patient's clinical record names the part read (allergies, vitals, the chart...).
  const part = (entry.changes as { part?: unknown } | null)?.part;
  const partText = typeof part === 'string' ? t(`audit.parts.${part}`, { defaultValue: part.replace(/_/g, ' ') }) : null;
  const named = [record.name, record.publicId].filter(Boolean).join(' · ');
  const text = [named || record.readableId || labels.entity(entry.entity), partText].filter(Boolean).join(' · ');
  if (record.path && canOpen(record.path)) {
    return (
      <Anchor
        component={Link}
        to={record.path}
        size="sm"
        aria-label={named || partText ? t('audit.openRecord', { entity: labels.entity(entry.entity), record: named ? text : partText }) : t('audit.openRecordOnly', { entity: labels.entity(entry.entity) })}
        data-testid="audit-record-link"
      >
        {text}
      </Anchor>
    );
  }
  return (
    <Text size="sm" ff={record.readableId && !named ? 'monospace' : undefined} c={named ? undefined : 'dimmed'} lineClamp={2} style={{ wordBreak: 'break-word' }}>
      {text}
    </Text>
  );
}

/** Before/after of each changed field, when the entry carries them. */
function ChangesView({ changes }: { changes: unknown }) {
  const { t } = useTranslation();
  if (!changes || typeof changes !== 'object') return <Text size="sm" c="dimmed">{t('audit.noChanges')}</Text>;
  if ((changes as { redacted?: unknown }).redacted === REDACTED_CLINICAL.redacted) {
    return <Text size="sm" c="dimmed" data-testid="audit-clinical-hidden">{t('audit.clinicalHidden')}</Text>;
  }
  if ((changes as { redacted?: unknown }).redacted === REDACTED_SENSITIVE.redacted) {
    return <Text size="sm" c="dimmed" data-testid="audit-sensitive-hidden">{t('audit.sensitiveHidden')}</Text>;
  }
  const c = changes as { before?: Record<string, unknown>; after?: Record<string, unknown> };
  if (c.before || c.after) {
    const fields = [...new Set([...Object.keys(c.before ?? {}), ...Object.keys(c.after ?? {})])];
    return (
      <Table withTableBorder withColumnBorders fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('audit.detail.field')}</Table.Th>
            <Table.Th>{t('audit.detail.before')}</Table.Th>
            <Table.Th>{t('audit.detail.after')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((f) => (
            <Table.Tr key={f}>
              <Table.Td><Code>{f}</Code></Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{JSON.stringify(c.before?.[f] ?? null)}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{JSON.stringify(c.after?.[f] ?? null)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return <Code block>{JSON.stringify(changes, null, 2)}</Code>;
}

/** The audit list's columns; `compact` leaves out the record columns (for a single record's access history). */
export function useAuditColumns(compact = false): DataTableColumn<AuditEntry>[] {
  const { t, i18n } = useTranslation();
  const labels = useAuditLabels();
  return [
    {
      key: 'createdAt',
      header: t('audit.columns.time'),
      sortKey: 'createdAt',
      render: (e) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatInstant(e.createdAt, i18n.language)}</Text>,
    },
    {
      key: 'actor',
      header: t('audit.columns.user'),
      render: (e) => <Text size="sm" fw={500}>{e.actor?.name || t('audit.unknownUser')}</Text>,
    },
    {
      key: 'action',
      header: t('audit.columns.action'),
      sortKey: 'action',
      render: (e) => (
        <Badge variant="light" color={ACTION_COLORS[e.action] ?? 'grape'} tt="none">
          {labels.action(e.action)}
        </Badge>
      ),
    },
    ...(compact
      ? []
      : [
          {
            key: 'entity',
            header: t('audit.columns.entity'),
            sortKey: 'entity',
            render: (e: AuditEntry) => <Text size="sm">{labels.entity(e.entity)}</Text>,
          },
          {
            key: 'entityId',
            header: t('audit.columns.record'),
            render: (e: AuditEntry) => <AuditRecordLabel entry={e} />,
          },
        ]),
    {
      key: 'ip',
      header: t('audit.columns.ip'),
      render: (e) => <Text size="xs" ff="monospace" c="dimmed">{e.ip ?? '—'}</Text>,
    },
  ];

}

/** One audit entry in full: who, when, from where, and what changed. */
export function AuditEntryDrawer({ entry: open, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const labels = useAuditLabels();
  return (
    <Drawer opened={open !== null} onClose={onClose} title={t('audit.detail.title')} position={i18n.dir() === 'rtl' ? 'left' : 'right'} size="lg">
      {open && (
        <ScrollArea>
          <Stack gap="md">
            <Group gap="xs">
              <Badge variant="light" color={ACTION_COLORS[open.action] ?? 'grape'} tt="none">{labels.action(open.action)}</Badge>
              <Text fw={600}>{labels.entity(open.entity)}</Text>
            </Group>
            <Table fz="sm" withRowBorders={false}>
              <Table.Tbody>
                <Table.Tr><Table.Th w={160}>{t('audit.columns.time')}</Table.Th><Table.Td>{formatInstant(open.createdAt, i18n.language)}</Table.Td></Table.Tr>
                <Table.Tr><Table.Th>{t('audit.columns.user')}</Table.Th><Table.Td>{open.actor?.name || t('audit.unknownUser')}</Table.Td></Table.Tr>
                <Table.Tr><Table.Th>{t('audit.columns.record')}</Table.Th><Table.Td><Stack gap={2}><AuditRecordLabel entry={open} />{open.entityId && <Code>{open.entityId}</Code>}</Stack></Table.Td></Table.Tr>
                <Table.Tr><Table.Th>{t('audit.columns.ip')}</Table.Th><Table.Td><Code>{open.ip ?? '—'}</Code></Table.Td></Table.Tr>
                <Table.Tr><Table.Th>{t('audit.detail.userAgent')}</Table.Th><Table.Td><Text size="xs" style={{ wordBreak: 'break-word' }}>{open.userAgent ?? '—'}</Text></Table.Td></Table.Tr>
                <Table.Tr><Table.Th>{t('audit.detail.requestId')}</Table.Th><Table.Td><Code>{open.requestId ?? '—'}</Code></Table.Td></Table.Tr>
              </Table.Tbody>
            </Table>
            <Text fw={600} size="sm">{t('audit.detail.changes')}</Text>
            <ChangesView changes={open.changes} />
          </Stack>
        </ScrollArea>
      )}
    </Drawer>
  );
}
