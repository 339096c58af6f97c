import { useState } from 'react';
import { Card, Group, Pagination, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAudit } from '../api/get-audit';
import { AuditTable } from './audit-table';

const PAGE_SIZE = 5;

/** Who opened or changed one record, newest first (for holders of audit_read). */
export function RecordAccessCard({ entity, entityId }: { entity: string; entityId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
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
      <AuditTable
        compact
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
      {totalPages > 1 && (
        <Group justify="center" p="md">
          <Pagination size="sm" total={totalPages} value={page} onChange={setPage} />
        </Group>
      )}
    </Card>
  );
}
