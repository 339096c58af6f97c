import { Alert, Button, Card, FileInput, Group, NumberInput, SegmentedControl, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { flagResult, type OrderRecord } from '@clinic/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { isApiError } from '@/lib/http';
import { attachResultDocument, enterResults, findOrderByNumber, useOrderChange } from '../api/orders-api';
import { rangeText } from '../components/order-results';
import { STATUS_COLORS } from '../components/orders-panel';
import { ResultFlagBadge } from '../components/result-flag';

const keyOf = (item: string, analyte: string) => `${item}:${analyte}`;

/** The lab's or nurse's screen: find an order by its FULL number, enter each analyte (flag shown live) or attach a document. */
export default function ResultsEntryPage() {
  const { t, i18n } = useTranslation();
  const ar = i18n.language.startsWith('ar');
  const [number, setNumber] = useState('');
  const [order, setOrder] = useState<OrderRecord | null>(null);
  const [values, setValues] = useState<Record<string, number | ''>>({});
  const [mode, setMode] = useState<'values' | 'document'>('values');
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const fail = (e: unknown) => setErrors(isApiError(e) ? { ...(e.fields ?? {}), ...(e.fields ? {} : { form: e.message }) } : { form: t('errors.unexpected') });
  const find = async () => {
    setErrors({}); setOrder(null); setSaved(null); setValues({});
    try {
      const found = await findOrderByNumber(number.trim());
      setOrder(found);
      setMode(found.kind === 'imaging' ? 'document' : 'values');
    } catch (e) { fail(e); }
  };
  const analytes = order ? order.items.flatMap((item) => item.analytes.map((a) => ({ item, a }))) : [];
  const save = useOrderChange(async () => {
    if (!order) return null;
    if (mode === 'document') return file ? attachResultDocument(order.number, file, note) : Promise.reject(new Error('file'));
    const entered = analytes.filter(({ item, a }) => values[keyOf(item._id, a.code)] !== undefined && values[keyOf(item._id, a.code)] !== '');
    return enterResults({ number: order.number, note, values: entered.map(({ item, a }) => ({ item: item._id, analyte: a.code, value: Number(values[keyOf(item._id, a.code)]) })) });
  });
  const submit = async () => {
    setErrors({});
    if (mode === 'document' && !file) { setErrors({ file: t('labOrders.entry.fileRequired') }); return; }
    try {
      const res = await save.mutateAsync(undefined);
      setSaved(res?.data.number ?? null); setOrder(null); setNumber(''); setValues({}); setFile(null); setNote('');
    } catch (e) { fail(e); }
  };
  const open = order && (order.status === 'collected' || (order.status === 'ordered' && order.kind === 'imaging'));
  return (
    <Stack gap="md" data-testid="results-entry">
      <PageHeader title={t('shell.titles.resultsEntry')} subtitle={t('labOrders.entry.subtitle')} />
      <Card padding="md">
        <form onSubmit={(e) => { e.preventDefault(); void find(); }}>
          <Group align="flex-end" wrap="wrap">
            <TextInput label={t('labOrders.entry.number')} description={t('labOrders.entry.numberHelp')} value={number} onChange={(e) => setNumber(e.currentTarget.value)}
              error={errors.number} dir="ltr" autoComplete="off" data-autofocus w={{ base: '100%', xs: 320 }} data-testid="results-number" />
            <Button type="submit" leftSection={<IconSearch size={16} />} disabled={!number.trim()} data-testid="results-find">{t('labOrders.entry.find')}</Button>
          </Group>
        </form>
        {saved && <Alert color="teal" mt="md" role="status" data-testid="results-saved">{t('labOrders.entry.saved', { number: saved })}</Alert>}
        {errors.form && <Text c="red" size="sm" mt="sm" role="alert">{errors.form}</Text>}
      </Card>
      {order && (
        <Card padding="md" data-testid="results-order">
          <Stack>
            <Group gap="xs" wrap="wrap">
              <Text fw={700} dir="ltr">{order.number}</Text>
              <Text>{order.patient.name}</Text>
              <Text c={STATUS_COLORS[order.status]} fw={600}>{t(`orders.status.${order.status}`)}</Text>
              <Text size="sm" c="dimmed">{t('labOrders.entry.doctor', { name: order.doctor.name })}</Text>
            </Group>
            {!open ? <Alert color="yellow">{t('labOrders.entry.notOpen', { status: t(`orders.status.${order.status}`) })}</Alert> : (
              <>
                {order.kind === 'lab' && analytes.length > 0 && (
                  <SegmentedControl value={mode} onChange={(v) => setMode(v as 'values' | 'document')} w="fit-content"
                    data={[{ value: 'values', label: t('labOrders.entry.byAnalyte') }, { value: 'document', label: t('labOrders.entry.byDocument') }]} />
                )}
                {mode === 'values' ? (
                  <Table.ScrollContainer minWidth={480}>
                    <Table fz="sm">
                      <Table.Thead><Table.Tr><Table.Th>{t('labOrders.results.analyte')}</Table.Th><Table.Th>{t('labOrders.results.value')}</Table.Th><Table.Th>{t('labOrders.results.range')}</Table.Th><Table.Th>{t('labOrders.results.flag')}</Table.Th></Table.Tr></Table.Thead>
                      <Table.Tbody>
                        {analytes.map(({ item, a }, i) => {
                          const v = values[keyOf(item._id, a.code)];
                          return (
                            <Table.Tr key={keyOf(item._id, a.code)}>
                              <Table.Td>{ar ? a.nameAr : a.nameEn}</Table.Td>
                              <Table.Td>
                                <NumberInput aria-label={ar ? a.nameAr : a.nameEn} value={v ?? ''} onChange={(n) => setValues((s) => ({ ...s, [keyOf(item._id, a.code)]: typeof n === 'number' ? n : '' }))}
                                  rightSection={<Text size="xs" c="dimmed">{a.unit}</Text>} rightSectionWidth={70} decimalScale={3} hideControls dir="ltr"
                                  error={errors[`values.${i}.value`] ?? errors[`values.${i}.analyte`]} data-testid={`result-input-${a.code}`} />
                              </Table.Td>
                              <Table.Td dir="ltr">{rangeText(a, i18n.language)} {a.unit}</Table.Td>
                              <Table.Td>{typeof v === 'number' && <ResultFlagBadge flag={flagResult(v, a)} />}</Table.Td>
                            </Table.Tr>
                          );
                        })}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                ) : (
                  <FileInput label={t('labOrders.entry.document')} description={t('labOrders.entry.documentHelp')} accept="application/pdf,image/jpeg,image/png"
                    value={file} onChange={setFile} error={errors.file} clearable data-testid="results-file" />
                )}
                <Textarea label={t('labOrders.entry.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={1000} autosize minRows={2} />
                {errors.values && <Text c="red" size="sm" role="alert">{errors.values}</Text>}
                <Group justify="flex-end"><Button onClick={() => void submit()} loading={save.isPending} data-testid="results-save">{t('labOrders.entry.save')}</Button></Group>
              </>
            )}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
