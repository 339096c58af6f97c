export const rolesKeys = {
  all: ['roles'] as const,
  lists: () => ['roles', 'list'] as const,
  permissions: () => ['roles', 'permissions'] as const,
};
