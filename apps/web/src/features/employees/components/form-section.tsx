import type { ReactNode } from 'react';
import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';

interface FormSectionProps {
  icon: ReactNode;
  title: ReactNode;
  hint?: ReactNode;
  /** A button at the end of the header (for example "Add row"). */
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** A titled card grouping related fields of a long form. */
export function FormSection({ icon, title, hint, action, children, testId }: FormSectionProps) {
  return (
    <Card data-testid={testId}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 14rem', minWidth: 0 }}>
            <ThemeIcon variant="light" size={38} radius="md" aria-hidden>
              {icon}
            </ThemeIcon>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={3} fz="lg">
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
