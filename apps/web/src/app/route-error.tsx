import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Shown when a page fails to render or its code cannot be loaded (for example after a deployment). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Center mih="70vh" p="md" role="alert">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color="red" aria-hidden>
          <IconAlertTriangle size={38} stroke={1.5} />
        </ThemeIcon>
        <Title order={2} mt="sm">
          {t('common.crash.title')}
        </Title>
        <Text c="dimmed">{t('common.crash.text')}</Text>
        <Button mt="md" leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
          {t('common.actions.reload')}
        </Button>
      </Stack>
    </Center>
  );
}
