import { Group, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@clinic/shared';

interface PaginationBarProps {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  /** False when the server stopped counting: `total` is then a lower bound ("of 1000+"). */
  exact?: boolean;
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
  disabled?: boolean;
}

export function PaginationBar({ page, limit, total, totalPages, exact = true, onPageChange, onLimitChange, disabled }: PaginationBarProps) {
  const { t } = useTranslation();
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(page * limit, total);
  const labels = usePaginationLabels();

  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {total === 0
          ? t('common.pagination.none')
          : t(exact ? 'common.pagination.showing' : 'common.pagination.showingAtLeast', { from, to, total })}
      </Text>
      <Group gap="md" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" component="label" htmlFor="page-size">
            {t('common.pagination.perPage')}
          </Text>
          <Select
            id="page-size"
            data={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
            value={String(limit)}
            onChange={(value) => value && onLimitChange(Number(value))}
            allowDeselect={false}
            w={76}
            size="xs"
            disabled={disabled}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
        <nav aria-label={t('common.pagination.label')}>
          <Pagination
          total={Math.max(totalPages, 1)}
          value={Math.min(page, Math.max(totalPages, 1))}
          onChange={onPageChange}
          withEdges
          size="sm"
          siblings={1}
          boundaries={1}
          disabled={disabled}
          {...labels}
          />
        </nav>
      </Group>
    </Group>
  );
}

/** Names for a pagination's buttons (first, previous, next, last and each page), in the interface language. */
export function usePaginationLabels() {
  const { t } = useTranslation();
  const controls = { first: t('common.pagination.first'), previous: t('common.pagination.previous'), next: t('common.pagination.next'), last: t('common.pagination.last') };
  return {
    getControlProps: (control: keyof typeof controls) => ({ 'aria-label': controls[control] }),
    getItemProps: (page: number) => ({ 'aria-label': t('common.pagination.page', { page }) }),
  };
}
