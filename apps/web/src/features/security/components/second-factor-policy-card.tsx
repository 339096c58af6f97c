import { useEffect, useState } from 'react';
import { Button, Card, Group, MultiSelect, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STEP_UP_MINUTES_MAX, STEP_UP_MINUTES_MIN } from '@clinic/shared';
import { lookupOptions } from '@/lib/lookups';
import { usePolicy, useSavePolicy } from '../api/two-factor';

/** /organisation/security: the roles whose holders must use a second factor, and the step-up window. */
export function SecondFactorPolicyCard() {
  const { t } = useTranslation();
  const policy = usePolicy();
  const roles = useQuery(lookupOptions('roles'));
  const save = useSavePolicy();
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [minutes, setMinutes] = useState<number | string>(15);

  useEffect(() => {
    if (policy.data) {
      setRoleIds(policy.data.roleIds);
      setMinutes(policy.data.stepUpMinutes);
    }
  }, [policy.data]);

  const options = (roles.data ?? []).map((role) => ({ value: role._id, label: role.name }));
  return (
    <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="second-factor-policy-card">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={3} fz="h4">{t('security.policy.title')}</Title>
          <Text size="sm" c="dimmed">{t('security.policy.intro')}</Text>
        </Stack>
        <MultiSelect
          label={t('security.policy.roles')}
          placeholder={t('security.policy.rolesPlaceholder')}
          data={options}
          value={roleIds}
          onChange={setRoleIds}
          searchable
          clearable
          error={save.error && 'fields' in save.error ? (save.error.fields as Record<string, string> | undefined)?.roleIds : undefined}
        />
        <NumberInput
          label={t('security.policy.stepUpMinutes')}
          description={t('security.policy.stepUpHint')}
          min={STEP_UP_MINUTES_MIN}
          max={STEP_UP_MINUTES_MAX}
          value={minutes}
          onChange={setMinutes}
          maw={320}
        />
        <Group>
          <Button loading={save.isPending} disabled={!policy.data} onClick={() => save.mutate({ roleIds, stepUpMinutes: Number(minutes) })}>
            {t('security.policy.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
