import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS = ['gray', 'yellow', 'red'] as const;
const NAMES = ['routine', 'soon', 'urgent'] as const;

export function PriorityBadge({ priority }: { priority: number }) {
  const { t } = useTranslation();
  const i = Math.min(Math.max(priority, 0), 2);
  // Its whole word, however narrow the column (a table gives a badge no more than its cell).
  return <Badge size="sm" variant="light" color={COLORS[i]} style={{ minWidth: 'max-content' }}>{t(`waitlist.priority.${NAMES[i]}`)}</Badge>;
}
