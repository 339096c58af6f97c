import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, Group, Select, Stack, Switch, TagsInput, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REMINDER_CHANNELS, type ReminderChannel } from '@clinic/shared';
import { StaleRecordAlert } from '@/components/stale-record-alert';
import { isStaleRecord } from '@/lib/edited-record';
import { useLookup } from '@/lib/lookups';
import { useReminderSettings, useSaveReminderSettings } from '../api/reminders';

/** One clinic's reminders: on or off, the channels, and the lead times (empty: the company default). */
export function ReminderSettingsCard() {
  const { t } = useTranslation();
  const clinics = useLookup('clinics', { isActive: true, sortBy: 'name', order: 'asc' });
  const [clinicId, setClinicId] = useState<string | null>(null);
  const settings = useReminderSettings(clinicId);
  const save = useSaveReminderSettings(clinicId ?? '');
  const [enabled, setEnabled] = useState(true);
  const [channels, setChannels] = useState<ReminderChannel[]>([]);
  const [hours, setHours] = useState<string[]>([]);
  // The version the fields were filled from: a save over someone else's newer one is refused (409) and says so.
  const [version, setVersion] = useState(1);

  useEffect(() => {
    if (!settings.data) return;
    setEnabled(settings.data.enabled);
    setChannels(settings.data.channels);
    setHours(settings.data.leadHours.map(String));
    setVersion(settings.data.version);
  }, [settings.data]);
  // Saves and refusals are told in the app's toasts; a save over someone else's also offers the latest settings here.
  const stale = isStaleRecord(save.error);

  const leadHours = hours.map((h) => Number(h)).filter((n) => Number.isInteger(n) && n >= 1 && n <= 336);
  const invalid = leadHours.length !== hours.length;

  return (
    <Card withBorder padding="md" data-testid="reminder-settings">
      <Stack gap="sm">
        <Text fw={600}>{t('outbox.settings.title')}</Text>
        <Select
          label={t('outbox.settings.clinic')}
          placeholder={t('outbox.settings.pickClinic')}
          data={(clinics.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
          value={clinicId}
          onChange={(id) => { save.reset(); setClinicId(id); }}
          searchable
          maw={360}
        />
        {clinicId && settings.data && (
          <>
            <Switch label={t('outbox.settings.enabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
            <Checkbox.Group label={t('outbox.settings.channels')} value={channels} onChange={(v) => setChannels(v as ReminderChannel[])}>
              <Group mt={4}>
                {REMINDER_CHANNELS.map((c) => (
                  <Checkbox key={c} value={c} label={t(`outbox.channels.${c}`)} description={c === 'whatsapp' ? t('outbox.settings.whatsappHint') : undefined} />
                ))}
              </Group>
            </Checkbox.Group>
            <TagsInput
              label={t('outbox.settings.leadHours')}
              description={t('outbox.settings.leadHoursHint', { hours: settings.data.effectiveLeadHours.join(', ') })}
              value={hours}
              onChange={setHours}
              maxTags={5}
              error={invalid ? t('validation.reminders.leadHoursInvalid') : undefined}
              maw={360}
            />
            <StaleRecordAlert stale={stale} reloading={settings.isFetching} onReload={() => { save.reset(); void settings.refetch(); }} />
            <Group>
              <Button disabled={invalid} loading={save.isPending} onClick={() => save.mutate({ enabled, channels, leadHours, version })}>
                {t('outbox.settings.save')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
