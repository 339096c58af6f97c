import { Badge, Button, Card, Group, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClinicOptions } from '@/features/appointments';
import { PageHeader } from '@/components/page-header';
import { updateCatalogueItem, useCatalogue, useOrderChange } from '../api/orders-api';
import { rangeText } from '../components/order-results';
import { CatalogueForm } from '../components/catalogue-form';

/** The administrators' order catalogue: each clinic's lab tests and imaging studies; entries are taken out of use, never deleted. */
export default function OrderCataloguePage() {
  const { t, i18n } = useTranslation();
  const ar = i18n.language.startsWith('ar');
  const clinics = useClinicOptions();
  const [clinic, setClinic] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const list = useCatalogue({ ...(clinic ? { clinic } : {}), ...(search.trim() ? { search: search.trim() } : {}) });
  const toggle = useOrderChange(({ id, isActive, version }: { id: string; isActive: boolean; version: number }) => updateCatalogueItem(id, { isActive, version }));
  return (
    <Stack gap="md" data-testid="order-catalogue">
      <PageHeader title={t('shell.titles.orderCatalogue')} actions={<Button leftSection={<IconPlus size={18} />} onClick={() => setAdding(true)} data-testid="catalogue-add">{t('labOrders.catalogue.add')}</Button>} />
      <Group wrap="wrap">
        <Select placeholder={t('labOrders.catalogue.allClinics')} aria-label={t('labOrders.form.clinic')} data={(clinics.data ?? []).map((c) => ({ value: c._id, label: c.name }))} value={clinic} onChange={setClinic} clearable w={{ base: '100%', xs: 240 }} comboboxProps={{ withinPortal: true }} />
        <TextInput placeholder={t('labOrders.catalogue.search')} aria-label={t('labOrders.catalogue.search')} leftSection={<IconSearch size={16} />} value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={{ base: '100%', xs: 280 }} />
      </Group>
      <Card padding={0}>
        <Table.ScrollContainer minWidth={640}>
          <Table striped fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('labOrders.catalogue.code')}</Table.Th><Table.Th>{t('labOrders.catalogue.name')}</Table.Th><Table.Th>{t('labOrders.catalogue.kind')}</Table.Th>
                <Table.Th>{t('labOrders.form.clinic')}</Table.Th><Table.Th>{t('labOrders.catalogue.analytes')}</Table.Th><Table.Th>{t('labOrders.catalogue.inUse')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data?.data ?? []).map((c) => (
                <Table.Tr key={c._id} data-testid="catalogue-row">
                  <Table.Td dir="ltr">{c.code}</Table.Td>
                  <Table.Td>{ar ? c.nameAr : c.nameEn}</Table.Td>
                  <Table.Td><Badge variant="light" tt="none">{t(`orders.kind.${c.kind}`)}</Badge></Table.Td>
                  <Table.Td>{c.clinic.name}</Table.Td>
                  <Table.Td>
                    {c.analytes.length === 0 ? '—' : c.analytes.map((a) => (
                      <Text key={a.code} size="xs">{ar ? a.nameAr : a.nameEn} <span dir="ltr">{rangeText(a, i18n.language)} {a.unit}</span></Text>
                    ))}
                  </Table.Td>
                  <Table.Td>
                    <Switch checked={c.isActive} aria-label={t('labOrders.catalogue.inUseNamed', { name: c.code })} onChange={(e) => void toggle.mutateAsync({ id: c._id, isActive: e.currentTarget.checked, version: c.version })} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {list.data && list.data.data.length === 0 && <Text p="md" c="dimmed">{t('labOrders.catalogue.empty')}</Text>}
      </Card>
      <CatalogueForm clinics={clinics.data ?? []} opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
