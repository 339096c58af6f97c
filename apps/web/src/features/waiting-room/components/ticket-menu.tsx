import { ActionIcon, Menu } from '@mantine/core';
import { IconArrowsExchange, IconCheck, IconDots, IconHistory, IconPlayerSkipForward, IconPrinter, IconRepeat, IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QUEUE_PRIORITIES, type TicketRecord } from '@clinic/shared';
import { useTicketActions } from '../hooks/use-ticket-actions';

interface TicketMenuProps {
  ticket: TicketRecord;
  canWrite: boolean;
  onTransfer: (ticket: TicketRecord) => void;
  onHistory: (ticket: TicketRecord) => void;
}

/** A ticket's actions, as its state allows: call (out of turn) or call back, call again, skip, priority, transfer; history and print for all. */
export function TicketMenu({ ticket, canWrite, onTransfer, onHistory }: TicketMenuProps) {
  const { t } = useTranslation();
  const actions = useTicketActions();
  const queued = ticket.state === 'waiting' || ticket.state === 'called' || ticket.state === 'skipped';
  const write = canWrite && queued;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={210}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('waitingRoom.actions.more', { label: ticket.label })} data-testid="ticket-menu">
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {write && ticket.state === 'called' && (
          <Menu.Item leftSection={<IconRepeat size={16} />} onClick={() => actions.call.mutate(ticket)} data-testid="ticket-recall">{t('waitingRoom.actions.recall')}</Menu.Item>
        )}
        {write && ticket.state !== 'called' && (
          <Menu.Item leftSection={<IconSpeakerphone size={16} />} onClick={() => actions.call.mutate(ticket)} data-testid="ticket-call">
            {t(ticket.state === 'skipped' ? 'waitingRoom.actions.callBack' : 'waitingRoom.actions.call')}
          </Menu.Item>
        )}
        {write && ticket.state !== 'skipped' && (
          <Menu.Item leftSection={<IconPlayerSkipForward size={16} />} onClick={() => actions.skip.mutate(ticket)} data-testid="ticket-skip">{t('waitingRoom.actions.skip')}</Menu.Item>
        )}
        {write && (
          <>
            <Menu.Item leftSection={<IconArrowsExchange size={16} />} onClick={() => onTransfer(ticket)} data-testid="ticket-transfer">{t('waitingRoom.actions.transfer')}</Menu.Item>
            <Menu.Divider />
            <Menu.Label>{t('waitingRoom.priority.label')}</Menu.Label>
            {QUEUE_PRIORITIES.map((p) => (
              <Menu.Item
                key={p}
                leftSection={p === ticket.priority ? <IconCheck size={16} /> : <span style={{ width: 16, display: 'inline-block' }} />}
                disabled={p === ticket.priority}
                onClick={() => actions.priority.mutate({ ticket, priority: p })}
                data-testid={`ticket-priority-${p}`}
              >
                {t(`waitingRoom.priority.${p}`)}
              </Menu.Item>
            ))}
            <Menu.Divider />
          </>
        )}
        <Menu.Item leftSection={<IconHistory size={16} />} onClick={() => onHistory(ticket)} data-testid="ticket-history">{t('waitingRoom.actions.history')}</Menu.Item>
        <Menu.Item leftSection={<IconPrinter size={16} />} component={Link} to={`/print/ticket/${ticket._id}`} data-testid="ticket-print">{t('waitingRoom.actions.print')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
