import { useState } from 'react';
import { Badge, Card, Pagination, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePaginationLabels } from '@/components/list';
import { useSession } from '@/lib/session-context';
import { useCatalogue, useSetMedicationStatus } from '../api/catalogue';
import { CatalogueImport } from '../components/catalogue-import';

const PAGE = 30;

/** The organisation's medication catalogue: import from CSV, search (English or Arabic), how many drugs, in use or not. */
export default function MedicationCataloguePage() {
  const { t } = useTranslation();
  const paginationLabels = usePaginationLabels();
  const { can } = useSession();
  const canWrite = can('service_write');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const catalogue = useCatalogue({ search: debounced, page, limit: PAGE });
  const setStatus = useSetMedicationStatus();
  const rows = catalogue.data?.data ?? [];
  const total = catalogue.data?.pagination.total_items ?? 0;
  return (
    <Stack gap="lg" data-testid="medication-catalogue">
      {/* The shell shows the page's title; the count is told under it. */}
      <Text size="sm" c="dimmed" mb={-8} data-testid="catalogue-count">{t('medicines.catalogue.count', { count: total })}</Text>
      {canWrite && <Card><CatalogueImport /></Card>}
      <Card>
        <Stack gap="md">
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('medicines.catalogue.search')}
            aria-label={t('medicines.catalogue.search')}
            value={search}
            onChange={(e) => { setSearch(e.currentTarget.value); setPage(1); }}
            data-testid="catalogue-search"
          />
          {rows.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="catalogue-empty">{debounced ? t('medicines.catalogue.noMatch') : t('medicines.catalogue.empty')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="xs" striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('medicines.catalogue.name')}</Table.Th>
                    <Table.Th>{t('medicines.catalogue.generic')}</Table.Th>
                    <Table.Th>{t('medicines.catalogue.form')}</Table.Th>
                    <Table.Th>{t('medicines.catalogue.arabic')}</Table.Th>
                    <Table.Th>{t('medicines.catalogue.inUse')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((d) => (
                    <Table.Tr key={d._id} data-testid="catalogue-row">
                      <Table.Td><Text size="sm" fw={600}>{d.name}</Text><Text size="xs" c="dimmed" dir="ltr">{d.strength}</Text></Table.Td>
                      <Table.Td><Text size="sm">{d.genericName}</Text></Table.Td>
                      <Table.Td><Text size="sm">{d.form}</Text></Table.Td>
                      <Table.Td><Text size="sm" dir="rtl">{d.nameAr}</Text></Table.Td>
                      <Table.Td>
                        {canWrite ? (
                          <Switch
                            checked={d.isActive}
                            aria-label={t('medicines.catalogue.inUse')}
                            onChange={(e) => setStatus.mutate({ id: d._id, isActive: e.currentTarget.checked, version: d.version })}
                          />
                        ) : (
                          <Badge size="sm" variant="light" color={d.isActive ? 'teal' : 'gray'} tt="none">{d.isActive ? t('medicines.catalogue.active') : t('medicines.catalogue.inactive')}</Badge>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {total > PAGE && <Pagination total={Math.ceil(total / PAGE)} value={page} onChange={setPage} size="sm" {...paginationLabels} />}
        </Stack>
      </Card>
    </Stack>
  );
}
