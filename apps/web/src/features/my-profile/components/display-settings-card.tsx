import { useState } from 'react';
import { Button, Card, Group, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HIJRI_MODES, type DigitStyle, type HijriMode, type Preferences, type StartScreen } from '@clinic/shared';
import { startScreenChoices, suggestedScreen } from '@/lib/landing';
import { notifySuccess } from '@/lib/notify';
import { findPage } from '@/lib/pages';
import { applyProfile, useSession } from '@/lib/session-context';
import { savePreferences } from '../api/save-preferences';

const COMPANY = 'company';
/** The start screen's "none chosen": the one the user's permissions suggest. */
const SUGGESTED = 'suggested';

/**
 * My profile's display settings: the user's own Hijri mode (or the organisation's), the Arabic interface's digits and
 * the screen they start on, among those they may open.
 */
export function DisplaySettingsCard({ preferences }: { preferences: Preferences }) {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const queryClient = useQueryClient();
  const [hijri, setHijri] = useState<string>(preferences.hijriModeOverride ?? COMPANY);
  const [digits, setDigits] = useState<DigitStyle>(preferences.digits);
  const choices = startScreenChoices(permissions);
  const [start, setStart] = useState<string>(preferences.startScreen && choices.includes(preferences.startScreen) ? preferences.startScreen : SUGGESTED);
  const screenName = (path: string) => t(findPage(path)?.title ?? 'shell.titles.myProfile');
  const save = useMutation({
    mutationFn: () => savePreferences({
      hijriMode: hijri === COMPANY ? null : (hijri as HijriMode),
      digits,
      startScreen: start === SUGGESTED ? null : (start as StartScreen),
    }),
    onSuccess: async (result) => {
      await applyProfile(queryClient, result.data);
      if (result.message) notifySuccess(result.message);
    },
  });
  const modeLabel = (mode: HijriMode) => t(`display.hijriMode.${mode}`);
  return (
    <Card data-testid="display-settings">
      <Stack gap="md">
        <Group gap="xs">
          <IconCalendarEvent size={18} aria-hidden />
          <Title order={3} fz="h5">{t('display.title')}</Title>
        </Group>
        <Text size="sm" c="dimmed">{t('display.hint')}</Text>
        <Select
          label={t('display.hijriMode.label')}
          value={hijri}
          onChange={(v) => setHijri(v ?? COMPANY)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data={[
            { value: COMPANY, label: t('display.hijriMode.company', { mode: modeLabel(preferences.companyHijriMode) }) },
            ...HIJRI_MODES.map((mode) => ({ value: mode, label: modeLabel(mode) })),
          ]}
          data-testid="display-hijri"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="display-digits-label">{t('display.digits.label')}</Text>
          <SegmentedControl
            aria-labelledby="display-digits-label"
            value={digits}
            onChange={(v) => setDigits(v as DigitStyle)}
            data={[{ value: 'latn', label: t('display.digits.latn') }, { value: 'arab', label: t('display.digits.arab') }]}
            data-testid="display-digits"
          />
        </Stack>
        <Select
          label={t('display.startScreen.label')}
          description={t('display.startScreen.hint')}
          value={start}
          onChange={(v) => setStart(v ?? SUGGESTED)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data={[
            { value: SUGGESTED, label: t('display.startScreen.suggested', { screen: screenName(suggestedScreen(permissions)) }) },
            ...choices.map((path) => ({ value: path, label: screenName(path) })),
          ]}
          data-testid="display-start-screen"
        />
        <Group justify="flex-end">
          <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="display-save">{t('display.save')}</Button>
        </Group>
      </Stack>
    </Card>
  );
}
