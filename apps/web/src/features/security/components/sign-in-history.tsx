import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Ltr } from '@/components/ltr';
import { formatDateTime } from '@/lib/dates';
import { useSignInHistory } from '../api/sessions-api';

/** The sign-in history, newest first, ten to a page: time, address, device, method, result, new device. */
export function SignInHistory({ who }: { who: 'me' | { id: string } }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useSignInHistory(who, page);
  const items = history.data?.items ?? [];
  return (
    <Stack gap="xs" data-testid="sign-in-history">
      <Title order={4}>{t('security.sessions.history.title')}</Title>
      {history.isSuccess && items.length === 0 && <Text size="sm" c="dimmed">{t('security.sessions.history.none')}</Text>}
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={560} type="native">
          <Table verticalSpacing={6} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('security.sessions.history.time')}</Table.Th>
                <Table.Th>{t('security.sessions.history.address')}</Table.Th>
                <Table.Th>{t('security.sessions.history.device')}</Table.Th>
                <Table.Th>{t('security.sessions.history.method')}</Table.Th>
                <Table.Th>{t('security.sessions.history.result')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((h) => (
                <Table.Tr key={h._id} data-testid="history-row" data-result={h.result}>
                  <Table.Td>{formatDateTime(h.at, i18n.language)}</Table.Td>
                  <Table.Td><Ltr>{h.ip ?? '—'}</Ltr></Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <span>{h.device ?? t('security.sessions.unknownDevice')}</span>
                      {h.newDevice && <Badge size="xs" color="orange" variant="light">{t('security.sessions.history.newDevice')}</Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td>{t(`security.sessions.methods.${h.method}`, { defaultValue: h.method })}</Table.Td>
                  <Table.Td>
                    <Text size="sm" c={h.result === 'success' ? undefined : 'red'}>
                      {t(`security.sessions.history.results.${h.result}`, { defaultValue: h.result })}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {(page > 1 || history.data?.hasMore) && (
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>{t('security.sessions.history.newer')}</Button>
          <Button size="xs" variant="default" disabled={!history.data?.hasMore} onClick={() => setPage((p) => p + 1)}>{t('security.sessions.history.older')}</Button>
        </Group>
      )}
    </Stack>
  );
}
