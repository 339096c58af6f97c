import { useTranslation } from 'react-i18next';
import type { FilterSelect } from './filter-bar';
import { oneOf, STATUS_VALUES, type StatusFilter } from './list-query';
import type { ListState } from './use-list-state';

interface StatusFilterText {
  label?: string;
  placeholder?: string;
  active?: string;
  inactive?: string;
}

/** The active / inactive filter of a list kept in the URL as `status`: its value and its dropdown. */
export function useStatusFilter<F extends string>(list: ListState<F | 'status'>, text: StatusFilterText = {}): { status: StatusFilter | null; select: FilterSelect } {
  const { t } = useTranslation();
  const status = oneOf(list.filters.status, STATUS_VALUES);
  return {
    status,
    select: {
      key: 'status',
      label: text.label ?? t('organisation.filters.status'),
      placeholder: text.placeholder ?? t('organisation.filters.allStatuses'),
      value: status,
      data: [
        { value: 'active', label: text.active ?? t('common.status.active') },
        { value: 'inactive', label: text.inactive ?? t('common.status.inactive') },
      ],
      onChange: (value) => list.setFilter('status', value),
    },
  };
}
