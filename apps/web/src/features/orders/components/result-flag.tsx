import { Badge } from '@mantine/core';
import type { ResultFlag } from '@clinic/shared';
import { useTranslation } from 'react-i18next';

/** The flags' colours: critical red, low/high orange, normal green, no range grey. Always shown with their text. */
export const RESULT_FLAG_COLORS: Record<ResultFlag, string> = {
  normal: 'teal', low: 'orange', high: 'orange', criticalLow: 'red', criticalHigh: 'red', noRange: 'gray',
};

/** A result's flag: colour and words (never colour alone), with an arrow for the direction. */
export function ResultFlagBadge({ flag }: { flag: ResultFlag }) {
  const { t } = useTranslation();
  const arrow = flag === 'low' || flag === 'criticalLow' ? '↓ ' : flag === 'high' || flag === 'criticalHigh' ? '↑ ' : '';
  return (
    <Badge size="sm" variant={flag === 'noRange' ? 'outline' : 'light'} color={RESULT_FLAG_COLORS[flag]} tt="none" data-flag={flag} data-testid="result-flag">
      {arrow}{t(`labOrders.flags.${flag}`)}
    </Badge>
  );
}
