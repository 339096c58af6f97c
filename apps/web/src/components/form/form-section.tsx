import type { ReactNode } from 'react';
import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';

interface FormSectionProps {
  /** The anchor the section index scrolls to. */
  id?: string;
  icon: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** A button at the end of the header (for example "Add row"). */
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** A titled card grouping related fields of a form; its id is its place in the section index. */
export function FormSection({ id, icon, title, description, action, children, testId }: FormSectionProps) {
  return (
    <Card id={id} data-testid={testId} data-form-section={id} style={{ scrollMarginTop: 'calc(var(--app-shell-header-offset, 0px) + var(--form-index-offset, 1rem))' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: '1 1 14rem' }}>
            <ThemeIcon variant="light" size={38} radius="md" aria-hidden>
              {icon}
            </ThemeIcon>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={3} fz="h4">
                {title}
              </Title>
              {description && (
                <Text size="sm" c="dimmed">
                  {description}
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
