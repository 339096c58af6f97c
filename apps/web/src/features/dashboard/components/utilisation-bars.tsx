import { Group, Progress, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { formatNumber } from '@/lib/dates';

/** The narrowest a non-zero bar is drawn (percent of the track), so a low utilisation still shows as a bar. */
const MIN_VISIBLE = 3;

/**
 * Utilisation per doctor: one bar each over 0-100 %, never thinner than a few percent when there is any, with the
 * rate written beside it in the user's digits; many doctors run in columns on wide screens.
 */
export function UtilisationBars({ rows, lang, label }: { rows: Array<{ doctor: string; rate: number | null; booked: string }>; lang: string; label: string }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="xl" verticalSpacing={10} data-testid="dashboard-utilisation">
      {rows.map((r) => {
        const value = r.rate ?? 0;
        const text = r.rate === null ? '—' : formatNumber(value, lang, { style: 'percent', maximumFractionDigits: 1 });
        return (
          <Group key={r.doctor} gap="sm" wrap="nowrap" data-testid="utilisation-row">
            <Text size="sm" w={150} truncate="end" title={r.doctor} style={{ flexShrink: 0 }}>{r.doctor}</Text>
            <Tooltip label={r.booked} withinPortal>
              <Progress
                value={value > 0 ? Math.max(value * 100, MIN_VISIBLE) : 0}
                size="lg"
                radius="sm"
                color={value >= 0.85 ? 'orange' : 'blue'}
                style={{ flex: 1 }}
                aria-label={`${label}: ${r.doctor} ${text}`}
              />
            </Tooltip>
            <Text size="sm" fw={600} w={56} ta="end" style={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }} data-testid="utilisation-rate">{text}</Text>
          </Group>
        );
      })}
    </SimpleGrid>
  );
}
