import { ActionIcon, Button, Group, Modal, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { AnalyteInput, OrderKind } from '@clinic/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/http';
import { createCatalogueItem, useOrderChange } from '../api/orders-api';

type Row = { code: string; nameEn: string; nameAr: string; unit: string; low: number | ''; high: number | ''; criticalLow: number | ''; criticalHigh: number | '' };
const empty = (): Row => ({ code: '', nameEn: '', nameAr: '', unit: '', low: '', high: '', criticalLow: '', criticalHigh: '' });
const num = (v: number | '') => (v === '' ? null : v);

/** Adds a test (with its analytes, units, ranges and critical limits) or an imaging study to a clinic's catalogue. */
export function CatalogueForm({ clinics, opened, onClose }: { clinics: Array<{ _id: string; name: string }>; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [clinic, setClinic] = useState<string | null>(null);
  const [head, setHead] = useState({ code: '', nameEn: '', nameAr: '' });
  const [kind, setKind] = useState<OrderKind>('lab');
  const [rows, setRows] = useState<Row[]>([empty()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const analytes: AnalyteInput[] = kind === 'imaging' ? [] : rows.filter((r) => r.code.trim()).map((r) => ({
    code: r.code, nameEn: r.nameEn, nameAr: r.nameAr, unit: r.unit, low: num(r.low), high: num(r.high), criticalLow: num(r.criticalLow), criticalHigh: num(r.criticalHigh),
  }));
  const create = useOrderChange(() => createCatalogueItem({ clinic: clinic ?? clinics[0]?._id ?? '', ...head, kind, analytes }));
  const close = () => { setHead({ code: '', nameEn: '', nameAr: '' }); setRows([empty()]); setErrors({}); onClose(); };
  const submit = async () => {
    setErrors({});
    try { await create.mutateAsync(undefined); close(); } catch (e) {
      setErrors(isApiError(e) ? { ...(e.fields ?? {}), ...(e.fields ? {} : { form: e.message }) } : { form: t('errors.unexpected') });
    }
  };
  const set = (i: number, k: keyof Row, v: string | number) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, [k]: v } : r)));
  const bound = (i: number, k: 'low' | 'high' | 'criticalLow' | 'criticalHigh') => (
    <NumberInput label={t(`labOrders.catalogue.${k}`)} value={rows[i]![k]} onChange={(v) => set(i, k, typeof v === 'number' ? v : '')} decimalScale={3} hideControls dir="ltr" error={errors[`analytes.${i}.${k}`]} />
  );
  return (
    <Modal opened={opened} onClose={close} title={t('labOrders.catalogue.add')} size="xl">
      <Stack>
        <Select label={t('labOrders.form.clinic')} data={clinics.map((c) => ({ value: c._id, label: c.name }))} value={clinic ?? clinics[0]?._id ?? null} onChange={setClinic} allowDeselect={false} error={errors.clinic} comboboxProps={{ withinPortal: true }} />
        <SegmentedControl value={kind} onChange={(v) => setKind(v as OrderKind)} w="fit-content" data={[{ value: 'lab', label: t('orders.kind.lab') }, { value: 'imaging', label: t('orders.kind.imaging') }]} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={t('labOrders.catalogue.code')} value={head.code} onChange={(e) => setHead({ ...head, code: e.currentTarget.value })} error={errors.code} dir="ltr" data-testid="catalogue-code" />
          <TextInput label={t('labOrders.catalogue.nameEn')} value={head.nameEn} onChange={(e) => setHead({ ...head, nameEn: e.currentTarget.value })} error={errors.nameEn} dir="ltr" />
          <TextInput label={t('labOrders.catalogue.nameAr')} value={head.nameAr} onChange={(e) => setHead({ ...head, nameAr: e.currentTarget.value })} error={errors.nameAr} dir="rtl" />
        </SimpleGrid>
        {kind === 'lab' && rows.map((r, i) => (
          <Stack key={i} gap={4} p="xs" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}>
            <Group justify="space-between"><Text size="sm" fw={600}>{t('labOrders.catalogue.analyte', { n: i + 1 })}</Text>
              <ActionIcon variant="subtle" color="red" aria-label={t('labOrders.catalogue.removeAnalyte')} onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}><IconTrash size={16} /></ActionIcon></Group>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <TextInput label={t('labOrders.catalogue.code')} value={r.code} onChange={(e) => set(i, 'code', e.currentTarget.value)} error={errors[`analytes.${i}.code`]} dir="ltr" />
              <TextInput label={t('labOrders.catalogue.nameEn')} value={r.nameEn} onChange={(e) => set(i, 'nameEn', e.currentTarget.value)} error={errors[`analytes.${i}.nameEn`]} dir="ltr" />
              <TextInput label={t('labOrders.catalogue.nameAr')} value={r.nameAr} onChange={(e) => set(i, 'nameAr', e.currentTarget.value)} error={errors[`analytes.${i}.nameAr`]} dir="rtl" />
              <TextInput label={t('labOrders.catalogue.unit')} value={r.unit} onChange={(e) => set(i, 'unit', e.currentTarget.value)} dir="ltr" />
              {bound(i, 'criticalLow')}{bound(i, 'low')}{bound(i, 'high')}{bound(i, 'criticalHigh')}
            </SimpleGrid>
          </Stack>
        ))}
        {kind === 'lab' && <Button variant="subtle" w="fit-content" leftSection={<IconPlus size={16} />} onClick={() => setRows((rs) => [...rs, empty()])}>{t('labOrders.catalogue.addAnalyte')}</Button>}
        {errors.form && <Text c="red" size="sm" role="alert">{errors.form}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>{t('common.actions.cancel')}</Button>
          <Button onClick={() => void submit()} loading={create.isPending} data-testid="catalogue-save">{t('labOrders.catalogue.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
