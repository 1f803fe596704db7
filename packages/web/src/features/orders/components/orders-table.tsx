import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import { Badge, Button, Group, List, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Order } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import stacked from '../../../components/stacked-table.module.css';
import { TableHead } from '../../../components/table-head.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { composeMessageHref, mayUseCommunication } from '../../../lib/live-messages.ts';
import type { OrderSide } from '../api/orders.ts';
import { StatusSwatch } from '../../../components/status-swatch.tsx';
import { orderStatusColor, useOrderStatusLabel } from './order-status.tsx';

export interface OrderActions {
  onApprove?: (order: Order) => void;
  onDecline?: (order: Order) => void;
  onReopen?: (order: Order) => void;
  onCancel?: (order: Order) => void;
  onSend?: (order: Order) => void;
  busyId: number | null;
}

interface OrdersTableProps extends OrderActions {
  side: OrderSide;
  rows: Order[];
}

function lineText(line: Order['Lines'][number]): string {
  const what = line.Medication?.Name ?? line.FreeText ?? '';
  return `${line.Quantity} ${line.Unit} · ${what}${line.Note ? ` (${line.Note})` : ''}`;
}

/** Orders with status (colour and text), lines, reasons, history and the actions of the caller's side. */
export function OrdersTable({ side, rows, ...actions }: OrdersTableProps) {
  const { t } = useTranslation();
  const columns = {
    status: t('orders.col.status', 'Status'),
    order: t('orders.col.order', 'Bestelling'),
    for: t('orders.col.for', 'Voor'),
    lines: t('orders.col.lines', 'Regels'),
    reason: t('orders.col.reason', 'Reden'),
    actions: t('orders.col.actions', 'Acties'),
  };
  const statusLabel = useOrderStatusLabel();
  const mayMessage = mayUseCommunication();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped verticalSpacing="xs" className={stacked.table} data-testid="orders-table">
        <Table.Caption>
          {side === 'pharmacy'
            ? t('orders.captionPharmacy', 'Bestellingen van de zorgcentra die u belevert')
            : t('orders.captionCareCentre', 'Bestellingen van uw organisatie')}
        </Table.Caption>
        <TableHead columns={columns} />
        <Table.Tbody>
          {rows.map((order) => {
            const open = order.Status === 'in_progress';
            const busy = actions.busyId === order.Id;
            return (
              <Table.Tr key={order.Id} data-testid="order-row" data-order-id={order.Id}>
                <Table.Td data-label={columns.status}>
                  <Stack gap={4}>
                    <StatusSwatch
                      status={order.Draft ? 'draft' : order.Status}
                      color={orderStatusColor(order.Status, order.Draft)}
                      label={statusLabel(order.Draft ? 'draft' : order.Status)}
                      testId="order-status"
                    />
                    {order.Urgent ? (
                      <Badge color="red" variant="light" data-testid="order-urgent">
                        {t('orders.urgent', 'Spoed')}
                      </Badge>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td data-label={columns.order}>
                  <Text fz="sm" fw={600}>
                    {t('orders.number', 'Bestelling {{id}}', { id: order.Id })}
                  </Text>
                  <Text fz="sm">{formatDateTime(order.CreatedAt)}</Text>
                  <Text fz="sm" c="dimmed">
                    {side === 'pharmacy' ? order.Entity.Name : order.Pharmacy.Name}
                    {order.CreatedBy ? ` · ${order.CreatedBy}` : ''}
                  </Text>
                  {order.ExpiresAt ? (
                    <Text fz="sm" c="dimmed">
                      {t('orders.expiresAt', 'Verloopt {{at}}', { at: formatDateTime(order.ExpiresAt) })}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td data-label={columns.for}>
                  <Text fz="sm">{order.Patient?.Name ?? t('orders.noPatient', 'Afdelingsvoorraad')}</Text>
                  {order.Department ? (
                    <Text fz="sm" c="dimmed">
                      {order.Department.Name}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td data-label={columns.lines}>
                  <List size="sm" spacing={2} data-testid="order-lines">
                    {order.Lines.map((line) => (
                      <List.Item key={line.Id}>{lineText(line)}</List.Item>
                    ))}
                  </List>
                </Table.Td>
                <Table.Td data-label={columns.reason}>
                  {order.Reason ? <Text fz="sm">{order.Reason}</Text> : null}
                  {order.DecisionReason ? (
                    <Text fz="sm" fw={600} data-testid="order-decision-reason">
                      {t('orders.decisionReason', 'Apotheek: {{reason}}', { reason: order.DecisionReason })}
                    </Text>
                  ) : null}
                  {order.History.length > 0 ? (
                    <details data-testid="order-history">
                      <summary>
                        <Text span fz="sm">
                          {t('orders.history', 'Geschiedenis ({{count}})', { count: order.History.length })}
                        </Text>
                      </summary>
                      <List size="sm" spacing={2}>
                        {order.History.map((entry, i) => (
                          <List.Item key={i}>
                            {formatDateTime(entry.At)} ·{' '}
                            {entry.Sent
                              ? t('orders.historySent', 'verstuurd')
                              : `${entry.From ? statusLabel(entry.From) : ''} → ${statusLabel(entry.To)}`}{' '}
                            · {entry.By ?? t('orders.system', 'systeem')}
                            {entry.Reason ? ` · ${entry.Reason}` : ''}
                          </List.Item>
                        ))}
                      </List>
                    </details>
                  ) : null}
                </Table.Td>
                <Table.Td data-full>
                  <Group gap="xs" wrap="wrap">
                    {side === 'pharmacy' && open && actions.onApprove ? (
                      <Button
                        size="compact-sm"
                        color="green"
                        loading={busy}
                        onClick={() => actions.onApprove!(order)}
                        aria-label={t('orders.approveFor', 'Bestelling {{id}} goedkeuren', { id: order.Id })}
                        data-testid="order-approve"
                      >
                        {t('orders.approve', 'Goedkeuren')}
                      </Button>
                    ) : null}
                    {side === 'pharmacy' && open && actions.onDecline ? (
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        disabled={busy}
                        onClick={() => actions.onDecline!(order)}
                        aria-label={t('orders.declineFor', 'Bestelling {{id}} afwijzen', { id: order.Id })}
                        data-testid="order-decline"
                      >
                        {t('orders.decline', 'Afwijzen')}
                      </Button>
                    ) : null}
                    {side === 'pharmacy' && order.Status === 'declined' && actions.onReopen ? (
                      <Button
                        size="compact-sm"
                        variant="default"
                        loading={busy}
                        onClick={() => actions.onReopen!(order)}
                        aria-label={t('orders.reopenFor', 'Bestelling {{id}} opnieuw in behandeling nemen', {
                          id: order.Id,
                        })}
                        data-testid="order-reopen"
                      >
                        {t('orders.reopen', 'Opnieuw in behandeling')}
                      </Button>
                    ) : null}
                    {side === 'carecentre' && order.Draft && open && actions.onSend ? (
                      <Button
                        size="compact-sm"
                        loading={busy}
                        onClick={() => actions.onSend!(order)}
                        aria-label={t('orders.sendFor', 'Bestelling {{id}} versturen', { id: order.Id })}
                        data-testid="order-send"
                      >
                        {t('orders.send', 'Versturen')}
                      </Button>
                    ) : null}
                    {side === 'carecentre' && open && actions.onCancel ? (
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        disabled={busy}
                        onClick={() => actions.onCancel!(order)}
                        aria-label={t('orders.cancelFor', 'Bestelling {{id}} annuleren', { id: order.Id })}
                        data-testid="order-cancel"
                      >
                        {t('orders.cancel', 'Annuleren')}
                      </Button>
                    ) : null}
                    {mayMessage && !order.Draft ? (
                      // Both sides see a sent order: either may write to the other about it.
                      <Button
                        component={Link}
                        to={composeMessageHref({
                          OrderId: order.Id,
                          ToEntityId: side === 'pharmacy' ? order.Entity.Id : order.Pharmacy.Id,
                        })}
                        size="compact-sm"
                        variant="default"
                        aria-label={t('orders.messageFor', 'Bericht over bestelling {{id}}', {
                          id: order.Id,
                        })}
                        data-testid="order-message"
                      >
                        {t('orders.message', 'Bericht')}
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
