import { useState } from 'react';
import { Button, Group, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconShieldCheck } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CLAIM_STATUSES, CLAIM_TRANSITIONS, type ClaimRecord, type ClaimStatus } from '@clinic/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FilterBar, IdCell, ListFrame, oneOf, useListQuery, useListState, type DataTableColumn } from '@/components/list';
import { DAY_MONTH_YEAR, formatDate } from '@/lib/dates';
import { toSelectOptions } from '@/lib/lookups';
import { useSession } from '@/lib/session-context';
import { claimsQueryOptions, useUpdateClaim } from '../api/claims';
import { useClinicOptions, useInsurerNames } from '../api/options';
import { ClaimStatusBadge } from '../components/invoice-status-badge';
import { formatMoney } from '../components/money';

/** The insurers' shares of issued invoices, per insurer, moved from open to submitted to paid (or rejected). */
export default function ClaimsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { can } = useSession();
  const list = useListState({ filters: ['status', 'clinic', 'insurer'] as const, defaultSortBy: 'createdAt' });
  const f = list.filters;
  const listFilters = { status: oneOf(f.status, CLAIM_STATUSES), clinic: f.clinic, insurer: f.insurer };
  const claims = useListQuery(list, claimsQueryOptions, listFilters);
  const clinics = useClinicOptions();
  const insurers = useInsurerNames();
  const update = useUpdateClaim();
  const [move, setMove] = useState<{ claim: ClaimRecord; status: ClaimStatus } | null>(null);
  const status = (s: ClaimStatus) => t(`billing.claimStatus.${s}`);

  const columns: DataTableColumn<ClaimRecord>[] = [
    { key: 'invoice', header: t('finance.claims.invoice'), render: (c) => <IdCell>{c.invoiceNumber ?? '—'}</IdCell> },
    { key: 'insurer', header: t('finance.claims.insurer'), render: (c) => <Text size="sm" fw={600}>{c.insurer}</Text> },
    {
      key: 'patient',
      header: t('finance.claims.patient'),
      render: (c) => (
        <div>
          <Text size="sm">{c.patient.name}</Text>
          <Text size="xs" c="dimmed">{c.clinic.name}</Text>
        </div>
      ),
    },
    { key: 'createdAt', header: t('finance.claims.created'), sortKey: 'createdAt', render: (c) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatDate(c.createdAt, i18n.language, DAY_MONTH_YEAR)}</Text> },
    { key: 'amount', header: t('finance.claims.amount'), sortKey: 'amount', align: 'end', render: (c) => <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatMoney(c.amount, c.currency, i18n.language)}</Text> },
    { key: 'status', header: t('finance.claims.status'), sortKey: 'status', render: (c) => <ClaimStatusBadge status={c.status} /> },
  ];
  if (can('billing_write')) {
    columns.push({
      key: 'actions',
      header: '',
      align: 'end',
      render: (c) =>
        CLAIM_TRANSITIONS[c.status].length ? (
          <Menu withinPortal position="bottom-end">
            <Menu.Target>
              <Button size="compact-xs" variant="light" rightSection={<IconChevronDown size={12} />} aria-label={t('finance.claims.moveRow', { name: c.patient.name })} onClick={(e) => e.stopPropagation()} data-testid="claim-move">
                {t('finance.claims.status')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {CLAIM_TRANSITIONS[c.status].map((next) => (
                <Menu.Item key={next} onClick={(e) => { e.stopPropagation(); setMove({ claim: c, status: next }); }} data-testid={`claim-move-${next}`}>
                  {t('finance.claims.move', { status: status(next) })}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : null,
    });
  }

  return (
    <ListFrame
      title={t('finance.claims.title')}
      subtitle={t('finance.claims.subtitle')}
      filters={
        <FilterBar
          selects={[
            { key: 'insurer', label: t('finance.list.insurer'), placeholder: t('finance.list.allInsurers'), value: f.insurer, data: insurers.map((n) => ({ value: n, label: n })), onChange: (v) => list.setFilter('insurer', v) },
            { key: 'status', label: t('finance.list.status'), placeholder: t('finance.list.allStatuses'), value: listFilters.status, data: CLAIM_STATUSES.map((s) => ({ value: s, label: status(s) })), onChange: (v) => list.setFilter('status', v) },
            { key: 'clinic', label: t('finance.list.clinic'), placeholder: t('finance.list.allClinics'), value: f.clinic, data: toSelectOptions(clinics.data ?? []), onChange: (v) => list.setFilter('clinic', v) },
          ]}
        />
      }
      list={list}
      query={claims}
      columns={columns}
      data-testid="claims-table"
      getRowKey={(c) => c._id}
      onRowClick={(c) => void navigate(`/billing/invoices/details/${c.invoice}`)}
      rowLabel={(c) => `${c.invoiceNumber ?? ''} ${c.insurer}`}
      emptyText={t('finance.claims.empty')}
      emptyIcon={<IconShieldCheck stroke={1.6} />}
      minWidth={820}
    >
      <ConfirmDialog
        opened={Boolean(move)}
        title={move ? t('finance.claims.confirmTitle', { status: status(move.status) }) : ''}
        text={move ? <Group gap="xs"><Text size="sm">{move.claim.insurer} · {move.claim.invoiceNumber} · {formatMoney(move.claim.amount, move.claim.currency, i18n.language)}</Text></Group> : ''}
        confirmLabel={t('finance.claims.confirm')}
        loading={update.isPending}
        onCancel={() => setMove(null)}
        onConfirm={() => move && update.mutate({ id: move.claim._id, input: { status: move.status, version: move.claim.version } }, { onSettled: () => setMove(null) })}
      />
    </ListFrame>
  );
}
