import { useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconClockPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PatientSelect } from '@/components/patient-select';
import { useClinicServices, useCreateAppointment, useNextFree, useQuickPatient, useSlotLabel } from '@/features/appointments';
import { isApiError } from '@/lib/http';

interface WalkInDialogProps {
  opened: boolean;
  clinicId: string;
  onClose: () => void;
}

/**
 * A patient who came in without an appointment: choose them, the service and a doctor (or any who provides it), and
 * book the first free slot from now on (the server's next-free, every booking rule applied). A patient not registered
 * yet is registered quickly from here (with patient_write) and chosen at once.
 */
export function WalkInDialog({ opened, clinicId, onClose }: WalkInDialogProps) {
  const { t } = useTranslation();
  const [patient, setPatient] = useState<string | null>(null);
  const [service, setService] = useState<string | null>(null);
  const [doctor, setDoctor] = useState<string | null>(null);
  const [reason, setReason] = useState(() => t('frontdesk.walkIn.defaultReason'));
  const [error, setError] = useState<string | null>(null);
  const services = useClinicServices(clinicId);
  const chosenService = services.data?.find((s) => s._id === service) ?? null;
  const next = useNextFree(service ? { clinic: clinicId, service, doctor, limit: 1 } : null);
  const slot = next.data?.[0] ?? null;
  const create = useCreateAppointment();
  const slotLabel = useSlotLabel();
  const quick = useQuickPatient(setPatient, 'walk-in-patient-quick');

  const close = () => {
    setPatient(null);
    quick.reset();
    setService(null);
    setDoctor(null);
    setReason(t('frontdesk.walkIn.defaultReason'));
    setError(null);
    onClose();
  };

  const book = () => {
    if (!patient || !service || !slot) return;
    setError(null);
    create.mutate(
      { patient, clinic: clinicId, service, doctor: slot.doctor._id, datetime: slot.datetime, reason: reason.trim() || t('frontdesk.walkIn.defaultReason') },
      {
        onSuccess: close,
        onError: (e) => {
          setError(isApiError(e) ? e.message : t('errors.unexpected'));
          void next.refetch();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('frontdesk.walkIn.title')} centered size="md" data-testid="walk-in-dialog">
      <Stack gap="sm">
        <PatientSelect
          activeOnly
          label={t('appointments.form.patient')}
          placeholder={t('appointments.form.patientPlaceholder')}
          value={patient}
          onChange={setPatient}
          {...quick.fieldProps}
          description={quick.link}
          nothingFoundMessage={t('appointments.form.noPatients')}
          withAsterisk
          clearable
          data-autofocus
          data-testid="walk-in-patient"
        />
        <Select
          label={t('appointments.form.service')}
          placeholder={t('appointments.form.servicePlaceholder')}
          data={(services.data ?? []).map((s) => ({ value: s._id, label: s.name }))}
          value={service}
          onChange={(value) => {
            setService(value);
            setDoctor(null);
          }}
          nothingFoundMessage={t('appointments.form.noServices')}
          withAsterisk
          comboboxProps={{ withinPortal: true }}
          data-testid="walk-in-service"
        />
        <Select
          label={t('appointments.form.doctor')}
          placeholder={t('frontdesk.walkIn.anyDoctor')}
          data={(chosenService?.doctors ?? []).map((d) => ({ value: d._id, label: d.name }))}
          value={doctor}
          onChange={setDoctor}
          disabled={!chosenService}
          clearable
          comboboxProps={{ withinPortal: true }}
          data-testid="walk-in-doctor"
        />
        <TextInput label={t('appointments.form.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} data-testid="walk-in-reason" />
        {service && (
          <Alert variant="light" color={slot ? 'teal' : 'gray'} icon={next.isFetching ? <Loader size={16} /> : <IconClockPlay size={18} />} data-testid="walk-in-slot">
            <Text size="sm">
              {next.isPending
                ? t('frontdesk.walkIn.finding')
                : slot
                  ? t('frontdesk.walkIn.firstFree', { slot: slotLabel(slot) })
                  : next.isError
                    ? next.error.message
                    : t('frontdesk.walkIn.noSlot')}
            </Text>
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="walk-in-error">
            <Text size="sm" c="red">
              {error}
            </Text>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('common.actions.cancel')}
          </Button>
          <Button onClick={book} disabled={!patient || !slot} loading={create.isPending} data-testid="walk-in-book">
            {t('frontdesk.walkIn.book')}
          </Button>
        </Group>
      </Stack>
      {quick.dialog}
    </Modal>
  );
}
