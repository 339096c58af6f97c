import { Tooltip } from '@mantine/core';
import { IconRepeat, IconStack2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A small repeat icon for an occurrence of a series, and a stack icon for an overbooked appointment. */
export function SeriesMark({ appointment }: { appointment: { seriesId?: string | null; overbooked?: boolean } }) {
  const { t } = useTranslation();
  return (
    <>
      {appointment.seriesId && (
        <Tooltip label={t('series.partOfSeries')} withinPortal>
          <IconRepeat size={14} aria-label={t('series.partOfSeries')} data-testid="series-mark" style={{ verticalAlign: 'middle', flexShrink: 0 }} />
        </Tooltip>
      )}
      {appointment.overbooked && (
        <Tooltip label={t('series.overbooked')} withinPortal>
          <IconStack2 size={14} color="var(--mantine-color-orange-6)" aria-label={t('series.overbooked')} data-testid="overbooked-mark" style={{ verticalAlign: 'middle', flexShrink: 0 }} />
        </Tooltip>
      )}
    </>
  );
}
