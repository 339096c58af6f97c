import { useState } from 'react';
import { Badge, Button, Collapse, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DateInput } from '@/components/dates/pickers';
import { IconFileInvoice, IconFilter, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INVOICE_STATUSES, parseDateText, type InvoiceSummary } from '@clinic/shared';
import { ExportButton } from '@/components/export-button';
import { dayOf, FilterBar, IdCell, ListFrame, listParams, oneOf, useListQuery, useListState, type DataTableColumn } from '@/components/list';
import { dateInputFormat, DAY_MONTH_YEAR, formatDate } from '@/lib/dates';
import { toSelectOptions } from '@/lib/lookups';
import { useCanOpen } from '@/lib/pages';
import { invoicesQueryOptions, invoicesRequest } from '../api/invoices';
import { useClinicOptions, useInsurerNames } from '../api/options';
import { InvoiceStatusBadge } from '../components/invoice-status-badge';
import { formatMoney } from '../components/money';
import { PatientFilter } from '../components/patient-filter';

const FILTERS = ['status', 'clinic', 'patient', 'insurer', 'from', 'to'] as const;

export default function InvoicesPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const list = useListState({ filters: FILTERS, defaultSortBy: 'createdAt' });
  const f = list.filters;
  const listFilters = { status: oneOf(f.status, INVOICE_STATUSES), clinic: f.clinic, patient: f.patient, insurer: f.insurer, from: dayOf(f.from), to: dayOf(f.to) };
  const invoices = useListQuery(list, invoicesQueryOptions, listFilters);
  const clinics = useClinicOptions();
  const insurers = useInsurerNames();
  // A phone shows the search and a "Filters" button (with how many are on); the six filters open under it.
  const narrow = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false }) ?? false;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = FILTERS.filter((key) => Boolean(listFilters[key])).length;
  const money = (minor: number, row: InvoiceSummary) => formatMoney(minor, row.currency, i18n.language);
  const amountCell = (value: (r: InvoiceSummary) => number, testId?: string) => (r: InvoiceSummary) => (
    <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>{money(value(r), r)}</Text>
  );
  const dateFilter = (key: 'from' | 'to') => (
    <DateInput
      key={key}
      aria-label={t(`finance.list.${key}`)}
      placeholder={t(`finance.list.${key}`)}
      value={listFilters[key]}
      onChange={(value) => list.setFilter(key, value ? String(value).slice(0, 10) : null)}
      valueFormat={dateInputFormat(i18n.language)}
      dateParser={parseDateText}
      clearable
      w={{ base: '100%', xs: 160 }}
      data-testid={`invoices-${key}`}
    />
  );

  const search = { value: list.search, onChange: list.setSearch, placeholder: t('finance.list.searchPlaceholder') };
  /** The filters, with the search box or without it (a phone shows the search apart). */
  const filterFields = (withSearch: boolean) => (
    <FilterBar
      search={withSearch ? search : undefined}
      selects={[
        { key: 'status', label: t('finance.list.status'), placeholder: t('finance.list.allStatuses'), value: listFilters.status, data: INVOICE_STATUSES.map((value) => ({ value, label: t(`billing.status.${value}`) })), onChange: (v) => list.setFilter('status', v) },
        { key: 'clinic', label: t('finance.list.clinic'), placeholder: t('finance.list.allClinics'), value: f.clinic, data: toSelectOptions(clinics.data ?? []), onChange: (v) => list.setFilter('clinic', v) },
        { key: 'insurer', label: t('finance.list.insurer'), placeholder: t('finance.list.allInsurers'), value: f.insurer, data: insurers.map((name) => ({ value: name, label: name })), onChange: (v) => list.setFilter('insurer', v) },
      ]}
    >
      <PatientFilter value={f.patient} onChange={(v) => list.setFilter('patient', v)} />
      {dateFilter('from')}
      {dateFilter('to')}
    </FilterBar>
  );

  const columns: DataTableColumn<InvoiceSummary>[] = [
    { key: 'number', header: t('finance.columns.number'), sortKey: 'number', render: (r) => (r.displayNumber ? <IdCell>{r.displayNumber}</IdCell> : <Text size="sm" c="dimmed">{t('finance.list.draftNumber')}</Text>) },
    {
      key: 'patient',
      header: t('finance.columns.patient'),
      render: (r) => (
        <div>
          <Text size="sm" fw={600}>{r.patient.name}</Text>
          <Text size="xs" c="dimmed">{r.clinic.name}</Text>
        </div>
      ),
    },
    { key: 'visitDate', header: t('finance.columns.visitDate'), sortKey: 'visitDate', render: (r) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatDate(r.visitDate, i18n.language, DAY_MONTH_YEAR)}</Text> },
    { key: 'insurer', header: t('finance.columns.insurer'), render: (r) => <Text size="sm" c={r.insurer ? undefined : 'dimmed'}>{r.insurer?.name ?? '—'}</Text> },
    { key: 'total', header: t('finance.columns.total'), sortKey: 'total', align: 'end', render: amountCell((r) => r.total) },
    { key: 'balanceDue', header: t('finance.columns.balanceDue'), align: 'end', render: amountCell((r) => r.balanceDue, 'invoice-row-balance') },
    { key: 'status', header: t('finance.columns.status'), sortKey: 'status', render: (r) => <InvoiceStatusBadge status={r.status} /> },
  ];

  return (
    <ListFrame
      exportButton={<ExportButton {...invoicesRequest({ ...listParams(list), ...listFilters })} />}
      title={t('finance.list.title')}
      subtitle={t('finance.list.subtitle')}
      actions={
        canOpen('/billing/invoices/add') && (
          <Button component={Link} to="/billing/invoices/add" leftSection={<IconPlus size={16} stroke={2} />} data-testid="add-invoice">
            {t('finance.list.add')}
          </Button>
        )
      }
      filters={narrow ? (
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-end">
            <div style={{ flex: 1, minWidth: 0 }}>
              <FilterBar search={search} />
            </div>
            <Button
              variant={activeFilters ? 'light' : 'default'}
              leftSection={<IconFilter size={16} stroke={1.8} />}
              rightSection={activeFilters ? <Badge size="sm" circle data-testid="invoices-filter-count">{activeFilters}</Badge> : undefined}
              aria-expanded={filtersOpen}
              aria-controls="invoices-filters"
              onClick={() => setFiltersOpen((open) => !open)}
              data-testid="invoices-filters-toggle"
            >
              {t('finance.list.filters')}
            </Button>
          </Group>
          <Collapse expanded={filtersOpen} id="invoices-filters">{filterFields(false)}</Collapse>
        </Stack>
      ) : filterFields(true)}
      list={list}
      query={invoices}
      columns={columns}
      data-testid="invoices-table"
      getRowKey={(r) => r._id}
      onRowClick={(r) => void navigate(`/billing/invoices/details/${r._id}`)}
      rowLabel={(r) => `${r.displayNumber ?? t('finance.list.draftNumber')} ${r.patient.name}`}
      emptyText={t('finance.list.empty')}
      emptyIcon={<IconFileInvoice stroke={1.6} />}
      minWidth={960}
    />
  );
}
