import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import { useState } from 'react';
import { Button, Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ORDER_STATUSES, type Order, type OrderStatus } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyMessage } from '../../../components/empty-message.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { TableSkeleton } from '../../../components/table-skeleton.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { getEntityType, hasPermission } from '../../../lib/session.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useCancelOrder, useDecideOrder, useOrders, useSendOrder, type OrderSide } from '../api/orders.ts';
import { DeclineDialog } from '../components/decline-dialog.tsx';
import { NewOrderDialog } from '../components/new-order-dialog.tsx';
import { useOrderStatusLabel } from '../components/order-status.tsx';
import { OrdersTable } from '../components/orders-table.tsx';

const PAGE_SIZE = 25;

/** /orders (Bestellingen): the pharmacy's action list, or the care centre's own orders. */
export default function OrdersPage() {
  const { t } = useTranslation();
  const side: OrderSide = getEntityType() === 'pharmacy' ? 'pharmacy' : 'carecentre';
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = (ORDER_STATUSES as readonly string[]).includes(statusParam ?? '')
    ? (statusParam as OrderStatus)
    : undefined;
  // drafts=false (the dashboard tile's link): only sent orders, the ones waiting for the pharmacy.
  const sentOnly = side === 'carecentre' && params.get('drafts') === 'false';
  const [urgent, setUrgent] = useState(false);
  const [page, setPage] = useState(1);
  const orders = useOrders(side, {
    status,
    urgent: urgent ? 'true' : undefined,
    drafts: sentOnly ? 'false' : undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const statusLabel = useOrderStatusLabel();
  const decide = useDecideOrder();
  const cancel = useCancelOrder();
  const send = useSendOrder();
  const [creating, setCreating] = useState(false);
  const [declining, setDeclining] = useState<Order | null>(null);
  const [canceling, setCanceling] = useState<Order | null>(null);
  // Approving is the pharmacy's final answer to the care centre: asked first, like declining.
  const [approving, setApproving] = useState<Order | null>(null);
  const data = orders.data;
  const pages = data ? Math.max(1, Math.ceil(data.Total / data.PageSize) + (data.TotalExact ? 0 : 1)) : 1;
  const mayDecide = side === 'pharmacy' && hasPermission('orders.decide');
  const mayCreate = side === 'carecentre' && hasPermission('orders.create');
  const busyId = decide.isPending
    ? (decide.variables?.id ?? null)
    : send.isPending
      ? (send.variables ?? null)
      : null;

  const onError = (error: unknown) => toastError(apiErrorMessage(t, error));
  const setStatus = (order: Order, next: 'approved' | 'in_progress') =>
    void withFeedback(
      decide.mutateAsync({ id: order.Id, entity: order.Entity.Id, status: next, reason: null }),
      {
        onSuccess: () =>
          toastSuccess(
            next === 'approved'
              ? t('orders.approved', 'Bestelling {{id}} is goedgekeurd.', { id: order.Id })
              : t('orders.reopened', 'Bestelling {{id}} is weer in behandeling.', { id: order.Id }),
          ),
        onError,
      },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <PageHeading title={t('routes.orders', 'Bestellingen')} />
        {mayCreate ? (
          <Button onClick={() => setCreating(true)} data-testid="order-new">
            {t('orders.new', 'Nieuwe bestelling')}
          </Button>
        ) : null}
      </Group>
      <Group align="flex-end" gap="md">
        <Select
          label={t('orders.filterStatus', 'Status')}
          placeholder={t('orders.allStatuses', 'Alle statussen')}
          clearable
          w={220}
          data={ORDER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
          value={status ?? null}
          onChange={(value) => {
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (value) next.set('status', value);
                else next.delete('status');
                return next;
              },
              { replace: true },
            );
            setPage(1);
          }}
          data-testid="orders-status-filter"
        />
        {side === 'carecentre' ? (
          <Checkbox
            label={t('orders.sentOnly', 'Alleen verstuurd')}
            checked={sentOnly}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  if (checked) next.set('drafts', 'false');
                  else next.delete('drafts');
                  return next;
                },
                { replace: true },
              );
              setPage(1);
            }}
            data-testid="orders-sent-filter"
          />
        ) : null}
        <Checkbox
          label={t('orders.onlyUrgent', 'Alleen spoed')}
          checked={urgent}
          onChange={(event) => {
            setUrgent(event.currentTarget.checked);
            setPage(1);
          }}
          data-testid="orders-urgent-filter"
        />
      </Group>
      {orders.isPending ? (
        <TableSkeleton data-testid="orders-skeleton" />
      ) : orders.isError ? (
        <LoadError
          message={t('orders.loadError', 'De bestellingen konden niet worden geladen.')}
          detail={apiErrorMessage(t, orders.error)}
          onRetry={() => void orders.refetch()}
          data-testid="orders-error"
        />
      ) : data!.Rows.length === 0 ? (
        <EmptyMessage
          title={
            status || urgent || sentOnly
              ? t('orders.emptyFiltered', 'Geen bestellingen met deze filters.')
              : t('orders.empty', 'Er zijn nog geen bestellingen.')
          }
          data-testid="orders-empty"
        />
      ) : (
        <Stack gap="sm" aria-busy={orders.isFetching}>
          <OrdersTable
            side={side}
            rows={data!.Rows}
            busyId={busyId}
            onApprove={mayDecide ? setApproving : undefined}
            onDecline={mayDecide ? setDeclining : undefined}
            onReopen={mayDecide ? (order) => setStatus(order, 'in_progress') : undefined}
            onCancel={mayCreate ? setCanceling : undefined}
            onSend={
              mayCreate
                ? (order) =>
                    void withFeedback(send.mutateAsync(order.Id), {
                      onSuccess: () =>
                        toastSuccess(t('orders.sent', 'Bestelling {{id}} is verstuurd.', { id: order.Id })),
                      onError,
                    })
                : undefined
            }
          />
          <Group justify="space-between">
            <Text fz="sm" c="dimmed" data-testid="orders-total">
              {data!.TotalExact
                ? t('orders.total', '{{count}} bestellingen', { count: data!.Total })
                : t('orders.totalAtLeast', 'Meer dan {{count}} bestellingen', { count: data!.Total })}
            </Text>
            <ListPagination total={pages} value={Math.min(page, pages)} onChange={setPage} />
          </Group>
        </Stack>
      )}
      {mayCreate ? <NewOrderDialog opened={creating} onClose={() => setCreating(false)} /> : null}
      {mayDecide ? <DeclineDialog order={declining} onClose={() => setDeclining(null)} /> : null}
      <ConfirmDialog
        opened={approving !== null}
        title={t('orders.approveTitle', 'Bestelling {{id}} goedkeuren?', { id: approving?.Id ?? '' })}
        confirmLabel={t('orders.approveConfirm', 'Goedkeuren')}
        onCancel={() => setApproving(null)}
        onConfirm={() => {
          if (approving) setStatus(approving, 'approved');
          setApproving(null);
        }}
      >
        <Text fz="sm" data-testid="order-approve-question">
          {t('orders.approveText', '{{entity}} ziet direct dat de apotheek deze bestelling levert.', {
            entity: approving?.Entity.Name ?? '',
          })}
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={canceling !== null}
        title={t('orders.cancelTitle', 'Bestelling {{id}} annuleren?', { id: canceling?.Id ?? '' })}
        confirmLabel={t('orders.cancelConfirm', 'Bestelling annuleren')}
        cancelLabel={t('orders.cancelKeep', 'Terug')}
        color="red"
        loading={cancel.isPending}
        onCancel={() => setCanceling(null)}
        onConfirm={() =>
          void withFeedback(cancel.mutateAsync(canceling!.Id), {
            onSuccess: () => {
              toastSuccess(t('orders.canceled', 'Bestelling {{id}} is geannuleerd.', { id: canceling!.Id }));
              setCanceling(null);
            },
            onError,
          })
        }
      >
        <Text fz="sm">
          {t(
            'orders.cancelText',
            'De apotheek behandelt deze bestelling dan niet meer. Dit kan niet ongedaan worden gemaakt.',
          )}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
