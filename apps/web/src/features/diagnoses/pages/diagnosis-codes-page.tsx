import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBooks, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/details';
import { useCodeListChange, useCodeSearch, useCodeSummary } from '../api/codes';
import { CodeImportCard } from '../components/code-import-card';

function CodeSearchCard() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const results = useCodeSearch(debounced, 50);
  const rows = results.data ?? [];
  return (
    <SectionCard icon={<IconSearch size={18} />} title={t('diagnoses.codes.search')} testId="code-search">
      <Stack gap="sm">
        <TextInput aria-label={t('diagnoses.codes.search')} placeholder={t('diagnoses.codes.searchPlaceholder')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} data-testid="code-search-input" />
        <Table.ScrollContainer minWidth={480}>
          <Table striped verticalSpacing={6} data-testid="code-search-results">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={110}>{t('diagnoses.codes.code')}</Table.Th>
                <Table.Th>{t('diagnoses.codes.titleEn')}</Table.Th>
                <Table.Th>{t('diagnoses.codes.titleAr')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <Table.Tr key={c._id}>
                  <Table.Td><Badge variant="light" tt="none" ff="monospace" dir="ltr">{c.code}</Badge></Table.Td>
                  <Table.Td dir="ltr" style={{ textAlign: 'start' }}>{c.titleEn}</Table.Td>
                  <Table.Td dir="rtl" lang="ar" style={{ textAlign: 'start' }}>{c.titleAr}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {!rows.length && !results.isFetching && <Text size="sm" c="dimmed">{t('diagnoses.picker.noResults')}</Text>}
      </Stack>
    </SectionCard>
  );
}

/** Administrators keep the organisation's diagnosis code list: counts, CSV import, the starter list and a search. */
export default function DiagnosisCodesPage() {
  const { t } = useTranslation();
  const summary = useCodeSummary();
  const { installStarter } = useCodeListChange();
  const total = summary.data?.total ?? 0;
  return (
    <Stack gap="lg" data-testid="diagnosis-codes-page">
      <Card>
        <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
          <Stack gap={4} style={{ flex: '1 1 20rem' }}>
            <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>{t('diagnoses.codes.title')}</Title>
            <Text size="sm" c="dimmed">{t('diagnoses.codes.intro')}</Text>
          </Stack>
          <Stack gap={6} align="flex-end">
            <Badge size="lg" variant="light" tt="none" data-testid="code-total">{t('diagnoses.codes.total', { count: total })}</Badge>
            <Group gap={4} justify="flex-end">
              {summary.data?.systems.map((s) => (
                <Badge key={s.system} variant="outline" color="gray" tt="none" dir="ltr">{`${s.system} · ${s.count}`}</Badge>
              ))}
            </Group>
          </Stack>
        </Group>
      </Card>
      {summary.isSuccess && total === 0 && (
        <Alert color="blue" icon={<IconBooks size={18} />} title={t('diagnoses.codes.none')} data-testid="code-starter">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('diagnoses.codes.starterHint')}</Text>
            <Button size="xs" loading={installStarter.isPending} onClick={() => installStarter.mutate()}>{t('diagnoses.codes.starter')}</Button>
          </Stack>
        </Alert>
      )}
      <CodeImportCard />
      <CodeSearchCard />
    </Stack>
  );
}
