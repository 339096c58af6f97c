import { useState } from 'react';
import { Group } from '@mantine/core';
import { DatePickerInput } from '@/components/dates/pickers';
import { useTranslation } from 'react-i18next';
import { IconCalendar, IconHistory } from '@tabler/icons-react';
import type { AuditEntry } from '@clinic/shared';
import { dayOf, FilterBar, ListFrame, listParams, useListState } from '@/components/list';
import { dateInputFormat } from '@/lib/dates';
import { auditRequest, useAudit, useAuditFilters } from '../api/get-audit';
import { ExportButton } from '@/components/export-button';
import { AuditEntryDrawer, useAuditColumns, useAuditLabels } from '../components/audit-entry';

export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const labels = useAuditLabels();
  const list = useListState({ filters: ['actor', 'entity', 'action', 'from', 'to'] as const, defaultSortBy: 'createdAt' });
  const filterValues = useAuditFilters();
  const columns = useAuditColumns();
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const auditQuery = {
    ...listParams(list),
    actor: list.filters.actor,
    entity: list.filters.entity,
    action: list.filters.action,
    from: list.filters.from,
    to: list.filters.to,
  };
  const audit = useAudit(auditQuery);
  const values = filterValues.data;

  return (
    <ListFrame
      exportButton={<ExportButton {...auditRequest(auditQuery)} />}
      title={t('audit.title')}
      subtitle={t('audit.subtitle')}
      filters={
        <FilterBar
          selects={[
            {
              key: 'actor',
              label: t('audit.filters.user'),
              placeholder: t('audit.filters.allUsers'),
              value: list.filters.actor,
              data: (values?.actors ?? []).map((a) => ({ value: a._id, label: a.name })),
              onChange: (v) => list.setFilter('actor', v),
            },
            {
              key: 'entity',
              label: t('audit.filters.entity'),
              placeholder: t('audit.filters.allEntities'),
              value: list.filters.entity,
              data: (values?.entities ?? []).map((e) => ({ value: e, label: labels.entity(e) })),
              onChange: (v) => list.setFilter('entity', v),
            },
            {
              key: 'action',
              label: t('audit.filters.action'),
              placeholder: t('audit.filters.allActions'),
              value: list.filters.action,
              data: (values?.actions ?? []).map((a) => ({ value: a, label: labels.action(a) })),
              onChange: (v) => list.setFilter('action', v),
            },
          ]}
        >
          <Group gap="sm" wrap="wrap">
            <DatePickerInput
              aria-label={t('audit.filters.from')}
              placeholder={t('audit.filters.from')}
              value={list.filters.from}
              onChange={(v) => list.setFilter('from', dayOf(v ? String(v) : null))}
              valueFormat={dateInputFormat(i18n.language, 'short')}
              clearable
              maxDate={list.filters.to ?? undefined}
              leftSection={<IconCalendar size={16} stroke={1.7} />}
              w={{ base: '100%', xs: 170 }}
              data-testid="audit-from"
            />
            <DatePickerInput
              aria-label={t('audit.filters.to')}
              placeholder={t('audit.filters.to')}
              value={list.filters.to}
              onChange={(v) => list.setFilter('to', dayOf(v ? String(v) : null))}
              valueFormat={dateInputFormat(i18n.language, 'short')}
              clearable
              minDate={list.filters.from ?? undefined}
              leftSection={<IconCalendar size={16} stroke={1.7} />}
              w={{ base: '100%', xs: 170 }}
              data-testid="audit-to"
            />
          </Group>
        </FilterBar>
      }
      list={list}
      query={audit}
      columns={columns}
      data-testid="audit-table"
      getRowKey={(e) => e._id}
      onRowClick={setOpen}
      rowLabel={(e) => `${labels.action(e.action)} ${labels.entity(e.entity)}`}
      emptyText={t('audit.empty')}
      emptyIcon={<IconHistory stroke={1.6} />}
      minWidth={860}
    >
      <AuditEntryDrawer entry={open} onClose={() => setOpen(null)} />
    </ListFrame>
  );
}
