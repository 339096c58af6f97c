import { useState } from 'react';
import { Alert, Button, Chip, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { DatePickerInput } from '@/components/dates/pickers';
import { TimeInput24 } from '@/components/form/date-time-fields';
import { useTranslation } from 'react-i18next';
import { PatientSelect } from '@/components/patient-select';
import { useClinicOptions, useClinicServices } from '@/features/appointments';
import { formatDay } from '@/lib/dates';
import { isApiError, translateMessage } from '@/lib/http';
import { useAddToWaitlist } from '../api/waitlist';

const day = (value: unknown) => (value ? String(value).slice(0, 10) : null);

/** Adds a waiting patient: service (at a clinic), optionally a doctor, a preferred window and a priority. */
export function WaitlistEntryForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const add = useAddToWaitlist();
  const clinics = useClinicOptions();
  const [clinic, setClinic] = useState<string | null>(null);
  const services = useClinicServices(clinic);
  const [v, setV] = useState({
    patient: null as string | null, service: null as string | null, doctor: null as string | null, fromDate: null as string | null,
    toDate: null as string | null, weekdays: [] as number[], timeFrom: '', timeTo: '', priority: '0', note: '',
  });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<typeof v>) => setV((prev) => ({ ...prev, ...patch }));
  const chosenService = services.data?.find((s) => s._id === v.service);
  const fieldError = (name: string) => translateMessage(fields[name]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFields({});
    setError(null);
    try {
      await add.mutateAsync({
        patient: v.patient ?? '', service: v.service ?? '', doctor: v.doctor, fromDate: v.fromDate, toDate: v.toDate, weekdays: v.weekdays,
        timeFrom: v.timeFrom || null, timeTo: v.timeTo || null, priority: Number(v.priority), note: v.note,
      });
      onDone();
    } catch (err) {
      if (isApiError(err)) {
        setFields((err.fields ?? {}) as Record<string, string>);
        setError(err.message);
      } else setError(t('errors.unexpected'));
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="waitlist-form">
      <Stack gap="sm">
        <PatientSelect
          activeOnly
          label={t('waitlist.fields.patient')}
          value={v.patient}
          onChange={(patient) => set({ patient })}
          error={fieldError('patient')}
          withAsterisk
          data-testid="waitlist-form-patient"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label={t('waitlist.fields.clinic')}
            data={(clinics.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
            value={clinic}
            onChange={(c) => {
              setClinic(c);
              set({ service: null, doctor: null });
            }}
            withAsterisk
            comboboxProps={{ withinPortal: true }}
            data-testid="waitlist-form-clinic"
          />
          <Select
            label={t('waitlist.fields.service')}
            data={(services.data ?? []).map((s) => ({ value: s._id, label: s.name }))}
            value={v.service}
            onChange={(service) => set({ service, doctor: null })}
            disabled={!clinic}
            error={fieldError('service')}
            withAsterisk
            comboboxProps={{ withinPortal: true }}
            data-testid="waitlist-form-service"
          />
        </SimpleGrid>
        <Select
          label={t('waitlist.fields.doctor')}
          placeholder={t('waitlist.anyDoctor')}
          data={(chosenService?.doctors ?? []).map((d) => ({ value: d._id, label: d.name }))}
          value={v.doctor}
          onChange={(doctor) => set({ doctor })}
          clearable
          disabled={!chosenService}
          error={fieldError('doctor')}
          comboboxProps={{ withinPortal: true }}
          data-testid="waitlist-form-doctor"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <DatePickerInput label={t('waitlist.fields.fromDate')} value={v.fromDate} onChange={(d) => set({ fromDate: day(d) })} clearable error={fieldError('fromDate')} />
          <DatePickerInput label={t('waitlist.fields.toDate')} value={v.toDate} onChange={(d) => set({ toDate: day(d) })} clearable error={fieldError('toDate')} />
          <TimeInput24 label={t('waitlist.fields.timeFrom')} value={v.timeFrom} onChange={(value) => set({ timeFrom: value })} error={fieldError('timeFrom')} />
          <TimeInput24 label={t('waitlist.fields.timeTo')} value={v.timeTo} onChange={(value) => set({ timeTo: value })} error={fieldError('timeTo')} />
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={500}>{t('waitlist.fields.weekdays')}</Text>
          <Chip.Group multiple value={v.weekdays.map(String)} onChange={(days) => set({ weekdays: days.map(Number).sort() })}>
            <Group gap={4}>
              {[0, 1, 2, 3, 4, 5, 6].map((d) => (
                <Chip key={d} value={String(d)} size="xs">{formatDay(`2024-01-0${d + 1}`, i18n.language, { weekday: 'short' })}</Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500}>{t('waitlist.fields.priority')}</Text>
          <SegmentedControl
            value={v.priority}
            onChange={(priority) => set({ priority })}
            data={[
              { value: '0', label: t('waitlist.priority.routine') }, { value: '1', label: t('waitlist.priority.soon') }, { value: '2', label: t('waitlist.priority.urgent') },
            ]}
            data-testid="waitlist-form-priority"
          />
        </Stack>
        <Textarea label={t('waitlist.fields.note')} value={v.note} onChange={(e) => set({ note: e.currentTarget.value })} autosize minRows={2} error={fieldError('note')} />
        {error && <Alert color="red" variant="light" role="alert">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>{t('common.actions.cancel')}</Button>
          <Button type="submit" loading={add.isPending} data-testid="waitlist-form-submit">{t('waitlist.add')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
