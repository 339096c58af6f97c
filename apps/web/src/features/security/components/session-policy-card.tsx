import { useEffect, useState } from 'react';
import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ABSOLUTE_LIFETIME_RANGE, IDLE_TIMEOUT_RANGE } from '@clinic/shared';
import { isApiError, translateMessage } from '@/lib/http';
import { useSaveSessionPolicy, useSessionPolicy } from '../api/sessions-api';

/** The organisation's idle timeout (minutes) and session lifetime (hours), for administrators. */
export function SessionPolicyCard() {
  const { t } = useTranslation();
  const policy = useSessionPolicy();
  const save = useSaveSessionPolicy();
  const [idle, setIdle] = useState<number | string>('');
  const [lifetime, setLifetime] = useState<number | string>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!policy.data) return;
    setIdle(policy.data.idleTimeoutMinutes);
    setLifetime(policy.data.absoluteLifetimeHours);
  }, [policy.data]);

  const submit = () => {
    setErrors({});
    save.mutate({ idleTimeoutMinutes: Number(idle), absoluteLifetimeHours: Number(lifetime) }, {
      onError: (error) => {
        if (isApiError(error) && error.fields) {
          setErrors(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, translateMessage(v) ?? v])));
        }
      },
    });
  };

  return (
    <Card withBorder data-testid="session-policy-card">
      <Stack gap="sm">
        <Title order={3}>{t('security.sessions.policy.title')}</Title>
        <Text size="sm" c="dimmed">{t('security.sessions.policy.intro')}</Text>
        <Group grow wrap="wrap" align="flex-start">
          <NumberInput
            label={t('security.sessions.policy.idle')}
            description={t('security.sessions.policy.idleHint')}
            min={IDLE_TIMEOUT_RANGE.min}
            max={IDLE_TIMEOUT_RANGE.max}
            allowDecimal={false}
            value={idle}
            onChange={setIdle}
            error={errors.idleTimeoutMinutes}
            miw={200}
            data-testid="idle-timeout"
          />
          <NumberInput
            label={t('security.sessions.policy.lifetime')}
            description={t('security.sessions.policy.lifetimeHint')}
            min={ABSOLUTE_LIFETIME_RANGE.min}
            max={ABSOLUTE_LIFETIME_RANGE.max}
            allowDecimal={false}
            value={lifetime}
            onChange={setLifetime}
            error={errors.absoluteLifetimeHours}
            miw={200}
            data-testid="absolute-lifetime"
          />
        </Group>
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending} disabled={!policy.data} data-testid="save-session-policy">{t('security.sessions.policy.save')}</Button>
        </Group>
      </Stack>
    </Card>
  );
}
