import type { ReactNode } from 'react';
import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';

interface FormSectionProps {
  icon: ReactNode;
  title: string;
  hint?: string;
  children: ReactNode;
  action?: ReactNode;
  'data-testid'?: string;
}

/** A titled card that groups related fields of a long form. */
export function FormSection({ icon, title, hint, children, action, 'data-testid': testId }: FormSectionProps) {
  return (
    <Card data-testid={testId}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: '1 1 16rem' }}>
            <ThemeIcon variant="light" size={38} radius="md" aria-hidden>
              {icon}
            </ThemeIcon>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={3} fz="h4">
                {title}
              </Title>
              {hint && (
                <Text size="sm" c="dimmed">
                  {hint}
                </Text>
              )}
            </Stack>
          </Group>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
