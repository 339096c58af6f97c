import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The server's message for a save that failed for a reason no single field holds. */
export function FormMessage({ message, testId = 'form-error' }: { message: string | null | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid={testId}>
      {message}
    </Alert>
  );
}
