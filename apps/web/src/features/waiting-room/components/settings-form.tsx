import { useEffect, useMemo } from 'react';
import { Button, Group, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { waitingRoomSettingsInput, type Ref, type WaitingRoomSettings, type WaitingRoomSettingsInput } from '@clinic/shared';
import { SectionCard } from '@/components/details';
import { RadioField, SwitchField, TextField } from '@/components/form/fields';
import { FormMessage } from '@/components/form/form-message';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { notifySuccess } from '@/lib/notify';
import { useSaveSettings, useWaitingRoomSettings } from '../api/settings';

type Values = WaitingRoomSettingsInput;
const DEFAULTS: Values = { prefixBy: 'none', prefixes: {}, rooms: {}, showNames: false, sendLink: true, announce: 'ar' };

const valuesOf = (s: WaitingRoomSettings): Values => ({
  prefixBy: s.prefixBy, prefixes: s.prefixes, rooms: s.rooms, showNames: s.showNames, sendLink: s.sendLink, announce: s.announce,
  // A clinic that never saved its settings has the defaults at version 0: its first save carries no version (the API
  // then creates them), later ones the version loaded.
  ...(s.version > 0 ? { version: s.version } : {}),
});

/** Each refusal of the form's values as its path and message (a field's, or a record's own, such as too many entries). */
function refusals(errors: FieldErrors, prefix = ''): Array<{ path: string; message: unknown }> {
  return Object.entries(errors).flatMap(([key, e]) => {
    if (!e || typeof e !== 'object') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    if ('type' in e && typeof e.type === 'string') return [{ path, message: (e as { message?: unknown }).message }];
    return refusals(e as FieldErrors, path);
  });
}

/** Only what is filled in is sent: the prefixes of the doctors or services the prefix goes by (in capitals), the rooms given. */
function sentSchema(doctors: Ref[], services: Ref[]) {
  const filled = (record: Record<string, string>, keep: Ref[], transform = (v: string) => v) =>
    Object.fromEntries(keep.flatMap((r) => (record[r._id]?.trim() ? [[r._id, transform(record[r._id]!.trim())]] : [])));
  return z.preprocess((v: Values) => ({
    ...v,
    prefixes: v.prefixBy === 'none' ? {} : filled(v.prefixes, v.prefixBy === 'doctor' ? doctors : services, (p) => p.toUpperCase()),
    rooms: filled(v.rooms, doctors),
  }), waitingRoomSettingsInput);
}

/** A clinic's waiting room: how tickets are prefixed, each doctor's room, names on the screens, the patient's link, the announcements. */
export function SettingsForm({ clinicId, doctors, services, canWrite }: { clinicId: string; doctors: Ref[]; services: Ref[]; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const settings = useWaitingRoomSettings(clinicId);
  const save = useSaveSettings(clinicId);
  const schema = useMemo(() => sentSchema(doctors, services), [doctors, services]);
  const { form, serverError, setServerError, onSubmit } = useSchemaForm<Values, Values>({ schema: schema as never, defaultValues: DEFAULTS });
  const { reset, control: c } = form;
  useEffect(() => { if (settings.data) reset(valuesOf(settings.data)); }, [settings.data, reset]);
  const prefixBy = useWatch({ control: c, name: 'prefixBy' });
  const prefixed = prefixBy === 'doctor' ? doctors : prefixBy === 'service' ? services : [];
  /**
   * A refused submit sends nothing: a field on screen shows its message, and what is refused where no field shows it
   * (the version, a whole record) is said in the form's message, never left silent.
   */
  const onInvalid = (errors: FieldErrors<Values>) => {
    const shown = new Set(['prefixBy', 'showNames', 'sendLink', 'announce', ...prefixed.map((r) => `prefixes.${r._id}`), ...doctors.map((d) => `rooms.${d._id}`)]);
    const hidden = refusals(errors).filter((r) => !shown.has(r.path)).map((r) => r.message);
    const known = [...new Set(hidden.filter((m): m is string => typeof m === 'string' && i18n.exists(m)))];
    setServerError(!hidden.length ? null : known.length ? known.map((m) => t(m)).join(' · ') : t('errors.validation'));
  };

  return (
    <SectionCard title={t('waitingRoom.settings.title')} icon={<IconTicket size={18} />} testId="waiting-room-settings">
      <Text size="sm" c="dimmed" mb="sm">{t('waitingRoom.settings.intro')}</Text>
      {!settings.data ? <Skeleton height={220} /> : (
        <form noValidate data-testid="waiting-room-settings-form" onSubmit={onSubmit(async (values) => {
          await save.mutateAsync(values);
          notifySuccess(t('waitingRoom.settings.saved'));
        }, { onInvalid })}>
          <fieldset disabled={!canWrite} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="md">
              <RadioField control={c} name="prefixBy" label={t('waitingRoom.settings.prefixBy')} testId="settings-prefix-by" data={[
                { value: 'none', label: t('waitingRoom.settings.prefixByNone') },
                { value: 'doctor', label: t('waitingRoom.settings.prefixByDoctor') },
                { value: 'service', label: t('waitingRoom.settings.prefixByService') },
              ]} />
              <SimpleGrid cols={{ base: 1, md: prefixed.length ? 2 : 1 }} spacing="md">
                {prefixed.length > 0 && (
                  <Stack gap={4} data-testid="settings-prefixes">
                    <Text size="sm" fw={500}>{t('waitingRoom.settings.prefixes')}</Text>
                    <Text size="xs" c="dimmed">{t('waitingRoom.settings.prefixesHint')}</Text>
                    <Table verticalSpacing={4} withRowBorders={false}>
                      <Table.Tbody>
                        {prefixed.map((r) => (
                          <Table.Tr key={r._id}>
                            <Table.Td><Text size="sm" truncate="end">{r.name}</Text></Table.Td>
                            <Table.Td w={90}><TextField control={c} name={`prefixes.${r._id}` as never} aria-label={`${t('waitingRoom.settings.prefixes')}: ${r.name}`} maxLength={3} dir="ltr" ff="monospace" size="xs" styles={{ input: { textTransform: 'uppercase' } }} testId="settings-prefix" /></Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Stack>
                )}
                <Stack gap={4} data-testid="settings-rooms">
                  <Text size="sm" fw={500}>{t('waitingRoom.settings.rooms')}</Text>
                  <Text size="xs" c="dimmed">{t('waitingRoom.settings.roomsHint')}</Text>
                  {doctors.length === 0 ? <Text size="sm" c="dimmed">{t('waitingRoom.settings.noDoctors')}</Text> : (
                    <Table verticalSpacing={4} withRowBorders={false}>
                      <Table.Tbody>
                        {doctors.map((d) => (
                          <Table.Tr key={d._id}>
                            <Table.Td><Text size="sm" truncate="end">{d.name}</Text></Table.Td>
                            <Table.Td w={160}><TextField control={c} name={`rooms.${d._id}` as never} aria-label={`${t('waitingRoom.settings.rooms')}: ${d.name}`} maxLength={40} size="xs" testId="settings-room" /></Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  )}
                </Stack>
              </SimpleGrid>
              <SwitchField control={c} name="showNames" label={t('waitingRoom.settings.showNames')} description={t('waitingRoom.settings.showNamesHint')} testId="settings-show-names" />
              <SwitchField control={c} name="sendLink" label={t('waitingRoom.settings.sendLink')} description={t('waitingRoom.settings.sendLinkHint')} testId="settings-send-link" />
              <RadioField control={c} name="announce" label={t('waitingRoom.settings.announce')} testId="settings-announce" data={[
                { value: 'ar', label: t('waitingRoom.settings.announceAr') },
                { value: 'en', label: t('waitingRoom.settings.announceEn') },
                { value: 'both', label: t('waitingRoom.settings.announceBoth') },
              ]} />
              <FormMessage message={serverError} />
              {canWrite && (
                <Group justify="flex-end">
                  <Button type="submit" loading={form.formState.isSubmitting} data-testid="settings-save">{t('waitingRoom.settings.save')}</Button>
                </Group>
              )}
            </Stack>
          </fieldset>
        </form>
      )}
    </SectionCard>
  );
}
