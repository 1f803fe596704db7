import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SESSION_KEYS, type Order } from '@zorgportaal/contract';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import OrdersPage from './orders.tsx';

const order: Order = {
  Id: 41,
  Entity: { Id: 2, Name: 'Zorgcentrum De Berk' },
  Pharmacy: { Id: 1, Name: 'Apotheek De Linde' },
  Status: 'in_progress',
  Draft: false,
  Urgent: false,
  Patient: null,
  Department: null,
  Lines: [{ Id: 1, Medication: null, FreeText: 'Verbandgaas', Quantity: 3, Unit: 'stuks', Note: null }],
  Reason: null,
  DecisionReason: null,
  CreatedAt: '2026-11-26T08:00:00.000Z',
  CreatedBy: 'verpleegkundige',
  SentAt: '2026-11-26T08:00:00.000Z',
  ExpiresAt: '2026-12-03T08:00:00.000Z',
  History: [],
};

describe('/orders: the pharmacy approves only after confirming', () => {
  let decisions: Record<string, unknown>[];
  beforeEach(() => {
    sessionStorage.setItem(SESSION_KEYS.accessToken, 'token');
    sessionStorage.setItem(SESSION_KEYS.expiresAt, String(Date.now() + 60_000));
    sessionStorage.setItem(SESSION_KEYS.entityType, 'pharmacy');
    sessionStorage.setItem(
      SESSION_KEYS.account,
      JSON.stringify({ Id: 1, Username: 'apotheker', Permissions: [{ name: 'orders.decide' }] }),
    );
    decisions = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(input, 'http://localhost');
        if (url.pathname === '/api/medication/pharmacy/order/' && init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as Record<string, unknown>;
          decisions.push(body);
          return jsonResponse(200, { ...order, Status: body.status });
        }
        if (url.pathname === '/api/medication/pharmacy/orders')
          return jsonResponse(200, { Rows: [order], Total: 1, TotalExact: true, Page: 1, PageSize: 25 });
        return jsonResponse(200, { Rows: [] });
      }),
    );
  });

  const render = () => renderRoutes([{ path: '/orders', element: <OrdersPage /> }], '/orders');

  it('asks first; going back sends nothing, confirming sends the approval', async () => {
    render();
    fireEvent.click(await screen.findByTestId('order-approve'));
    expect((await screen.findByTestId('order-approve-question')).textContent).toBe(
      'Zorgcentrum De Berk ziet direct dat de apotheek deze bestelling levert.',
    );
    fireEvent.click(screen.getByTestId('confirm-dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('order-approve-question')).toBeNull());
    expect(decisions).toEqual([]);

    fireEvent.click(screen.getByTestId('order-approve'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(decisions).toHaveLength(1));
    expect(decisions[0]).toMatchObject({ id: 41, entity: 2, status: 'approved' });
  });
});
