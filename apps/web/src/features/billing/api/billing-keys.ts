/**
 * The keys of the billing queries. A key's parameters are the request its `queryOptions` factory sends (the factory
 * owns their type), so the keys import nothing from the requests.
 */
export const billingKeys = {
  all: ['billing'] as const,
  settings: () => ['billing', 'settings'] as const,
  invoices: () => ['billing', 'invoices'] as const,
  invoiceList: (query: object) => ['billing', 'invoices', 'list', query] as const,
  invoice: (id: string) => ['billing', 'invoices', 'detail', id] as const,
  cashBoxes: () => ['billing', 'cash-boxes'] as const,
  cashBoxList: (query: object) => ['billing', 'cash-boxes', 'list', query] as const,
  cashBox: (id: string) => ['billing', 'cash-boxes', 'detail', id] as const,
  claims: () => ['billing', 'claims'] as const,
  claimList: (query: object) => ['billing', 'claims', 'list', query] as const,
};
