import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Active or inactive, the same badge in lists and on details pages. */
export function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={active ? 'teal' : 'gray'} variant="light" tt="none" data-status={active ? 'active' : 'inactive'} data-testid="status-badge">
      {active ? t('common.status.active') : t('common.status.inactive')}
    </Badge>
  );
}
