import { useState } from 'react';
import { Card, Group, Pagination, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHistory, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAudit } from '../api/get-audit';
import type { AuditEntry } from '@clinic/shared';
import { DataTable, usePaginationLabels } from '@/components/list';
import { AuditEntryDrawer, useAuditColumns, useAuditLabels } from './audit-entry';

const PAGE_SIZE = 5;

/** Who opened or changed one record, newest first (for holders of audit_read). */
export function RecordAccessCard({ entity, entityId }: { entity: string; entityId: string }) {
  const { t } = useTranslation();
  const paginationLabels = usePaginationLabels();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const columns = useAuditColumns(true);
  const labels = useAuditLabels();
  const audit = useAudit({ page, limit: PAGE_SIZE, sortBy: 'createdAt', order: 'desc', actor: null, entity, entityId, action: null, from: null, to: null });
  const totalPages = audit.data?.pagination?.total_pages ?? 1;
  return (
    <Card data-testid="record-access" padding={0}>
      <Stack gap="md" p="lg" pb={0}>
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={32} radius="md" aria-hidden>
            <IconShieldCheck size={18} />
          </ThemeIcon>
          <Stack gap={0}>
            <Title order={3} fz="h5">{t('audit.accessTitle')}</Title>
            <Text size="sm" c="dimmed">{t('audit.accessSubtitle')}</Text>
          </Stack>
        </Group>
      </Stack>
      <DataTable
        data-testid="audit-table"
        caption={t('audit.title')}
        columns={columns}
        getRowKey={(e) => e._id}
        onRowClick={setOpen}
        rowLabel={(e) => `${labels.action(e.action)} ${labels.entity(e.entity)}`}
        emptyText={t('audit.empty')}
        emptyIcon={<IconHistory stroke={1.6} />}
        minWidth={480}
        rows={Array.isArray(audit.data?.data) ? audit.data.data : undefined}
        page={page}
        limit={PAGE_SIZE}
        loading={audit.isPending}
        stale={audit.isPlaceholderData}
        error={audit.isError ? audit.error.message : null}
        onRetry={() => void audit.refetch()}
        sortBy="createdAt"
        order="desc"
      />
      <AuditEntryDrawer entry={open} onClose={() => setOpen(null)} />
      {totalPages > 1 && (
        <Group justify="center" p="md">
          <Pagination size="sm" total={totalPages} value={page} onChange={setPage} {...paginationLabels} />
        </Group>
      )}
    </Card>
  );
}
