import { Button, Group, Modal, MultiSelect, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import type { OrderPriority } from '@clinic/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClinicOptions } from '@/features/appointments';
import { useClinicChoice } from '@/lib/clinic-choice';
import { isApiError } from '@/lib/http';
import { placeOrder, useCatalogue, useOrderChange } from '../api/orders-api';

/**
 * Orders tests or studies from the clinic's catalogue: a searchable list (type to filter, arrows and Enter to pick),
 * priority and notes. Lab tests and imaging studies go in separate orders (the server says so if mixed).
 */
export function OrderForm({ patientId, encounterId, opened, onClose }: { patientId: string; encounterId?: string | undefined; opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const ar = i18n.language.startsWith('ar');
  const clinics = useClinicOptions();
  const { clinicId, choose } = useClinicChoice(clinics.data);
  const catalogue = useCatalogue({ clinic: clinicId ?? '', isActive: true }, Boolean(clinicId) && opened);
  const [items, setItems] = useState<string[]>([]);
  const [priority, setPriority] = useState<OrderPriority>('routine');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const place = useOrderChange(() => placeOrder(patientId, { clinic: clinicId ?? '', items, priority, notes, ...(encounterId ? { encounter: encounterId } : {}) }));
  const close = () => { setItems([]); setNotes(''); setPriority('routine'); setErrors({}); onClose(); };
  const submit = async () => {
    setErrors({});
    try {
      await place.mutateAsync(undefined);
      close();
    } catch (e) {
      setErrors(isApiError(e) ? { ...(e.fields ?? {}), ...(e.fields ? {} : { form: e.message }) } : { form: t('errors.unexpected') });
    }
  };
  const options = (catalogue.data?.data ?? []).map((c) => ({ value: c._id, label: `${c.code} · ${ar ? c.nameAr : c.nameEn} (${t(`orders.kind.${c.kind}`)})` }));
  const itemError = errors.items ?? Object.entries(errors).find(([k]) => k.startsWith('items.'))?.[1];
  return (
    <Modal opened={opened} onClose={close} title={t('labOrders.form.title')} size="lg">
      <Stack>
        {(clinics.data?.length ?? 0) > 1 && (
          <Select label={t('labOrders.form.clinic')} data={(clinics.data ?? []).map((c) => ({ value: c._id, label: c.name }))} value={clinicId}
            onChange={(v) => { if (v) { choose(v); setItems([]); } }} allowDeselect={false} error={errors.clinic} comboboxProps={{ withinPortal: true }} />
        )}
        <MultiSelect
          label={t('labOrders.form.items')} placeholder={t('labOrders.form.itemsPlaceholder')} data={options} value={items} onChange={setItems}
          searchable clearable hidePickedOptions nothingFoundMessage={t('labOrders.form.nothingFound')} error={itemError}
          data-autofocus comboboxProps={{ withinPortal: true }} data-testid="order-items"
        />
        <div>
          <Text size="sm" fw={500} mb={4} id="order-priority-label">{t('labOrders.form.priority')}</Text>
          <SegmentedControl aria-labelledby="order-priority-label" value={priority} onChange={(v) => setPriority(v as OrderPriority)}
            data={[{ value: 'routine', label: t('orders.priority.routine') }, { value: 'urgent', label: t('orders.priority.urgent') }]} data-testid="order-priority" />
        </div>
        <Textarea label={t('labOrders.form.notes')} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} maxLength={1000} autosize minRows={2} error={errors.notes} />
        {errors.form && <Text c="red" size="sm" role="alert">{errors.form}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>{t('common.actions.cancel')}</Button>
          <Button onClick={() => void submit()} loading={place.isPending} disabled={!items.length || !clinicId} data-testid="order-submit">{t('labOrders.form.submit')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
