/**
 * Where a user lands after signing in outside the registration wizard: doctors on the doctors list,
 * administrators on the users list, every other staff type on the staff list.
 */
export function homePathFor(employeeType: string | null | undefined): string {
  if (employeeType === 'Doctor') return '/doctors';
  if (employeeType === 'Admin' || !employeeType) return '/';
  return '/employees';
}

/**
 * Inside the registration wizard, sign-in continues with the wizard. Outside it, a user whose roles grant
 * `dashboard_read` by name lands on the dashboard (administrators, who hold every permission, keep the users list).
 */
export function pathAfterLogin(employeeType: string | null | undefined, loginToRegister: boolean, permissions: readonly string[] = []): string {
  if (loginToRegister) return '/register';
  return permissions.includes('dashboard_read') ? '/dashboard' : homePathFor(employeeType);
}
