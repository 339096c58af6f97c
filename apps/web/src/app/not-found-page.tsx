import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconMapSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="70vh" p="md" data-testid="not-found">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
          <IconMapSearch size={38} stroke={1.5} />
        </ThemeIcon>
        <Text c="dimmed" fw={700} size="sm" mt="sm" style={{ letterSpacing: '0.2em' }}>
          {t('common.notFound.code')}
        </Text>
        <Title order={2}>{t('common.notFound.title')}</Title>
        <Text c="dimmed">{t('common.notFound.text')}</Text>
        <Button component={Link} to="/" mt="md" leftSection={<IconHome size={16} stroke={1.8} />}>
          {t('common.notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}
