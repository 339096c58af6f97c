import type { ReactNode } from 'react';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconEdit, IconMailForward, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';

export interface RowAction {
  kind: 'edit' | 'delete' | 'resend';
  /** The tooltip. */
  label: string;
  /** The accessible name (names the row, for example "Edit Amina"). */
  ariaLabel: string;
  onClick?: () => void;
  /** A link instead of a click. */
  to?: string;
  testId?: string;
}

const ICONS = { edit: IconEdit, delete: IconTrash, resend: IconMailForward } as const;

/** A row's buttons at the end of a list row: edit, delete (and resend an invitation), each with a tooltip; `extra` for anything else. */
export function RowActions({ actions, extra }: { actions: (RowAction | false | null | undefined)[]; extra?: ReactNode }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {actions.map((action) => {
        if (!action) return null;
        const Icon = ICONS[action.kind];
        const common = {
          variant: 'subtle',
          color: action.kind === 'delete' ? 'red' : undefined,
          'aria-label': action.ariaLabel,
          'data-testid': action.testId,
        } as const;
        return (
          <Tooltip key={action.kind} label={action.label}>
            {action.to ? (
              <ActionIcon {...common} component={Link} to={action.to}>
                <Icon size={18} />
              </ActionIcon>
            ) : (
              <ActionIcon {...common} onClick={action.onClick}>
                <Icon size={18} />
              </ActionIcon>
            )}
          </Tooltip>
        );
      })}
      {extra}
    </Group>
  );
}
