import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '@/lib/http';

/**
 * A record refused by its id because it was recorded at another doctor's sensitive visit (403 SENSITIVE_NOTE): the
 * refusal's message (the API's, in the interface language) and the way to that visit, where giving a reason opens it.
 */
export function SensitiveRefusal({ error }: { error: ApiError }) {
  const { t } = useTranslation();
  const encounterId = error.data?.encounterId;
  return (
    <Alert color="orange" variant="light" icon={<IconLock size={18} />} role="alert" data-testid="sensitive-refusal" maw={640}>
      <Stack gap="xs">
        <Text size="sm">{error.message}</Text>
        {encounterId && <Anchor component={Link} to={`/encounters/${encounterId}`} size="sm">{t('common.sensitiveRecord.openVisit')}</Anchor>}
      </Stack>
    </Alert>
  );
}
