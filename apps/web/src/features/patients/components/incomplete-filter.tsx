import { Badge, Button } from '@mantine/core';
import { IconUserExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIncompleteCount } from '../api/get-patients';

/**
 * The list's "Incomplete" filter, with the number of patients registered quickly who wait for their full record
 * (hidden while there are none and the filter is off).
 */
export function IncompleteFilter({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  const count = useIncompleteCount().data ?? 0;
  if (!on && count === 0) return null;
  return (
    <Button
      variant={on ? 'filled' : 'light'}
      color="orange"
      leftSection={<IconUserExclamation size={16} stroke={1.8} />}
      rightSection={<Badge size="sm" circle={count < 10} variant={on ? 'white' : 'filled'} color="orange" data-testid="incomplete-count">{count}</Badge>}
      aria-pressed={on}
      aria-label={`${t('patients.list.incomplete')}: ${t('patients.list.incompleteCount', { count })}`}
      title={t('patients.list.incompleteCount', { count })}
      onClick={() => onChange(!on)}
      data-testid="incomplete-filter"
    >
      {t('patients.list.incomplete')}
    </Button>
  );
}
