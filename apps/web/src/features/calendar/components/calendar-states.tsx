import type { ComponentType } from 'react';
import { Loader, Overlay, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Nothing to draw: no clinic to choose, or no doctor in the clinic's day. */
export function CalendarEmpty({ icon: Icon, title, hint, testId }: {
  icon: ComponentType<{ size?: number; stroke?: number; color?: string }>;
  title: string;
  hint?: string;
  testId?: string;
}) {
  return (
    <Stack align="center" py="xl" gap="xs" data-testid={testId}>
      <Icon size={36} stroke={1.5} color="var(--mantine-color-dimmed)" />
      <Text fw={600}>{title}</Text>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

/** Laid over the calendar while its first data for the window loads. */
export function CalendarLoading() {
  const { t } = useTranslation();
  return (
    <Overlay color="var(--mantine-color-body)" backgroundOpacity={0.7} blur={1} zIndex={5}>
      <Stack align="center" justify="center" h="100%" gap="xs" data-testid="calendar-loading">
        <Loader size="md" />
        <Text size="sm" c="dimmed">
          {t('common.loading')}
        </Text>
      </Stack>
    </Overlay>
  );
}
