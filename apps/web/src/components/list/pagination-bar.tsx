import { Group, Pagination, Select, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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

/** A phone's width: the bar keeps to one line there (page size, range, previous / page / next). */
const PHONE = '(max-width: 36em)';

/**
 * The range shown, the page size and the pages. Wide screens: "Showing 1–20 of 345", "Per page" and numbered pages with
 * first and last; a phone: one line of the page size, "1–20 of 345" and previous, "3 / 18", next (the numbered buttons
 * would wrap the bar onto two lines there).
 */
export function PaginationBar({ page, limit, total, totalPages, exact = true, onPageChange, onLimitChange, disabled }: PaginationBarProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false }) ?? false;
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(page * limit, total);
  const pages = Math.max(totalPages, 1);
  const current = Math.min(page, pages);
  const labels = usePaginationLabels();

  const range = (
    <Text size={phone ? 'xs' : 'sm'} c="dimmed" aria-live="polite" style={phone ? { whiteSpace: 'nowrap' } : undefined} data-testid="pagination-range">
      {total === 0
        ? t('common.pagination.none')
        : phone
          ? t(exact ? 'common.pagination.range' : 'common.pagination.rangeAtLeast', { from, to, total })
          : t(exact ? 'common.pagination.showing' : 'common.pagination.showingAtLeast', { from, to, total })}
    </Text>
  );
  const pageSize = (
    <Select
      id="page-size"
      // On a phone the select stands without its visible label; the label is still its name.
      aria-label={phone ? t('common.pagination.perPage') : undefined}
      data={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
      value={String(limit)}
      onChange={(value) => value && onLimitChange(Number(value))}
      allowDeselect={false}
      w={phone ? 64 : 76}
      size="xs"
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );

  if (phone) {
    return (
      <Group justify="space-between" gap="xs" wrap="nowrap" w="100%" data-testid="pagination-bar">
        {pageSize}
        {range}
        <nav aria-label={t('common.pagination.label')}>
          <Pagination.Root total={pages} value={current} onChange={onPageChange} size="sm" disabled={disabled} getItemProps={labels.getItemProps}>
            <Group gap={6} wrap="nowrap">
              <Pagination.Previous {...labels.getControlProps('previous')} />
              <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} data-testid="pagination-page">
                <span aria-hidden>{t('common.pagination.pageShort', { page: current, pages })}</span>
                <VisuallyHidden>{t('common.pagination.pageOf', { page: current, pages })}</VisuallyHidden>
              </Text>
              <Pagination.Next {...labels.getControlProps('next')} />
            </Group>
          </Pagination.Root>
        </nav>
      </Group>
    );
  }

  return (
    <Group justify="space-between" gap="sm" wrap="wrap" data-testid="pagination-bar">
      {range}
      <Group gap="md" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" component="label" htmlFor="page-size">
            {t('common.pagination.perPage')}
          </Text>
          {pageSize}
        </Group>
        <nav aria-label={t('common.pagination.label')}>
          <Pagination
          total={pages}
          value={current}
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
