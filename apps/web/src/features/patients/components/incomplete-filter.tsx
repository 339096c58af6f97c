import { Badge, Button } from '@mantine/core';
import { IconUserExclamation, IconWorldWww } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFlagCount, type PatientFlag } from '../api/get-patients';

const LOOK: Record<PatientFlag, { label: string; count: string; color: string; icon: typeof IconUserExclamation; testId: string }> = {
  incomplete: { label: 'patients.list.incomplete', count: 'patients.list.incompleteCount', color: 'orange', icon: IconUserExclamation, testId: 'incomplete' },
  selfRegistered: { label: 'patients.list.selfRegistered', count: 'patients.list.selfRegisteredCount', color: 'grape', icon: IconWorldWww, testId: 'self-registered' },
};

/**
 * A filter of the list with the number of patients the desk has to act on (hidden while there are none and the
 * filter is off): registered quickly and waiting for their full record, or registered online to complete or merge.
 */
export function FlagFilter({ flag, on, onChange }: { flag: PatientFlag; on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  const count = useFlagCount(flag).data ?? 0;
  if (!on && count === 0) return null;
  const look = LOOK[flag];
  const Icon = look.icon;
  return (
    <Button
      variant={on ? 'filled' : 'light'}
      color={look.color}
      leftSection={<Icon size={16} stroke={1.8} />}
      rightSection={<Badge size="sm" circle={count < 10} variant={on ? 'white' : 'filled'} color={look.color} data-testid={`${look.testId}-count`}>{count}</Badge>}
      aria-pressed={on}
      aria-label={`${t(look.label)}: ${t(look.count, { count })}`}
      title={t(look.count, { count })}
      onClick={() => onChange(!on)}
      data-testid={`${look.testId}-filter`}
    >
      {t(look.label)}
    </Button>
  );
}

