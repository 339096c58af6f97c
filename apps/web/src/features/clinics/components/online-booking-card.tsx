import { useEffect } from 'react';
import { Alert, Button, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { onlineBookingSettingsInput, type OnlineBookingSettings, type OnlineBookingSettingsInput } from '@clinic/shared';
import { SectionCard } from '@/components/details';
import { MultiSelectField, NumberField, RadioField, SwitchField, TextAreaField } from '@/components/form/fields';
import { FormMessage } from '@/components/form/form-message';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { useSession } from '@/lib/session-context';
import { useOnlineBooking, useSaveOnlineBooking } from '../api/online-booking';
import { CopyField } from '@/components/copy-field';

type Option = { _id: string; name: string };

const valuesOf = (s: OnlineBookingSettings): OnlineBookingSettingsInput => ({
  enabled: s.enabled, mode: s.mode, services: s.services, doctors: s.doctors, minNoticeMinutes: s.minNoticeMinutes, horizonDays: s.horizonDays,
  maxPerPhoneDay: s.maxPerPhoneDay, maxPerPhoneWeek: s.maxPerPhoneWeek, cancellationPolicy: { en: s.cancellationPolicy.en ?? '', ar: s.cancellationPolicy.ar ?? '' },
  version: s.version,
});

/**
 * A clinic's online booking: on or off, booked at once or accepted by the desk first, the services and doctors patients
 * may pick, how soon and how far ahead, how many bookings one mobile number may make, the cancellation policy in both
 * languages; and the clinic's own link into the organisation's booking page.
 */
export function OnlineBookingCard({ clinicId, services, doctors }: { clinicId: string; services: Option[]; doctors: Option[] }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can('clinic_write');
  const settings = useOnlineBooking(clinicId);
  const save = useSaveOnlineBooking(clinicId);
  const { form, serverError, onSubmit } = useSchemaForm<OnlineBookingSettingsInput, OnlineBookingSettingsInput>({
    schema: onlineBookingSettingsInput as never,
    defaultValues: { enabled: false, mode: 'instant', services: [], doctors: [], minNoticeMinutes: 120, horizonDays: 30, maxPerPhoneDay: 2, maxPerPhoneWeek: 4, cancellationPolicy: { en: '', ar: '' } },
    // "services.2": the third chosen service is not this clinic's; the message shows under the list.
    serverField: (path) => (path.split('.')[0] ?? path) as never,
  });
  const { reset } = form;
  useEffect(() => { if (settings.data) reset(valuesOf(settings.data)); }, [settings.data, reset]);
  const options = (list: Option[]) => list.map((o) => ({ value: o._id, label: o.name }));
  const c = form.control;

  return (
    <SectionCard title={t('clinics.onlineBooking.title')} icon={<IconWorld size={18} />} testId="clinic-online-booking">
      {!settings.data ? (
        <Skeleton height={160} />
      ) : (
        <form noValidate onSubmit={onSubmit(async (values) => { await save.mutateAsync(values); })} data-testid="online-booking-form">
          <fieldset disabled={!canWrite} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="sm">
              <SwitchField control={c} name="enabled" label={t('clinics.onlineBooking.enabled')} description={t('clinics.onlineBooking.enabledHint')} testId="online-booking-enabled" />
              <RadioField control={c} name="mode" label={t('clinics.onlineBooking.mode')} testId="online-booking-mode" data={[
                { value: 'instant', label: t('clinics.onlineBooking.modeInstant') },
                { value: 'request', label: t('clinics.onlineBooking.modeRequest') },
              ]} />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <MultiSelectField control={c} name="services" label={t('clinics.onlineBooking.services')} description={t('clinics.onlineBooking.servicesHint')} placeholder={t('clinics.onlineBooking.pick')} data={options(services)} searchable clearable testId="online-booking-services" />
                <MultiSelectField control={c} name="doctors" label={t('clinics.onlineBooking.doctors')} description={t('clinics.onlineBooking.doctorsHint')} placeholder={t('clinics.onlineBooking.pick')} data={options(doctors)} searchable clearable testId="online-booking-doctors" />
                <NumberField control={c} name="minNoticeMinutes" label={t('clinics.onlineBooking.minNotice')} min={0} max={43200} step={15} testId="online-booking-notice" />
                <NumberField control={c} name="horizonDays" label={t('clinics.onlineBooking.horizon')} min={1} max={365} testId="online-booking-horizon" />
                <NumberField control={c} name="maxPerPhoneDay" label={t('clinics.onlineBooking.perDay')} min={1} max={50} testId="online-booking-per-day" />
                <NumberField control={c} name="maxPerPhoneWeek" label={t('clinics.onlineBooking.perWeek')} min={1} max={200} testId="online-booking-per-week" />
                <TextAreaField control={c} name="cancellationPolicy.en" label={t('clinics.onlineBooking.policyEn')} description={t('clinics.onlineBooking.policyHint')} maxLength={1000} dir="ltr" testId="online-booking-policy-en" />
                <TextAreaField control={c} name="cancellationPolicy.ar" label={t('clinics.onlineBooking.policyAr')} description={t('clinics.onlineBooking.policyHint')} maxLength={1000} dir="rtl" testId="online-booking-policy-ar" />
              </SimpleGrid>
              {settings.data.url ? (
                <CopyField label={t('clinics.onlineBooking.link')} value={settings.data.url} copyLabel={t('clinics.onlineBooking.copy')} copiedLabel={t('clinics.onlineBooking.copied')} testId="online-booking-link" />
              ) : (
                <Alert variant="light" color="gray" data-testid="online-booking-no-link">{t('clinics.onlineBooking.noLink')}</Alert>
              )}
              <FormMessage message={serverError} />
              {canWrite && (
                <Group justify="flex-end">
                  <Button type="submit" loading={form.formState.isSubmitting} data-testid="online-booking-save">{t('clinics.onlineBooking.save')}</Button>
                </Group>
              )}
            </Stack>
          </fieldset>
        </form>
      )}
    </SectionCard>
  );
}
