import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ServiceStatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={active ? 'teal' : 'gray'} variant="light" tt="none" data-status={active ? 'active' : 'inactive'}>
      {active ? t('services.status.active') : t('services.status.inactive')}
    </Badge>
  );
}
