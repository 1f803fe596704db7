import { describe, expect, it } from 'vitest';
import {
  eventOfAnswer,
  IllegalTransition,
  isWaiting,
  needsChoice,
  retryDelay,
  sendable,
  transition,
  type QueueItem,
} from './queue-machine.ts';

const item = (state: QueueItem['state'] = 'queued'): QueueItem => ({
  seq: 1,
  key: '2b5f1f8e-4c1a-4b53-9c11-7f3d1f0a6e01',
  accountId: 7,
  method: 'POST',
  path: '/api/administration/registration',
  body: { AgreementId: 1 },
  createdAt: 1,
  state,
  attempts: 0,
  meta: { momentKey: '1@x' },
});

describe('the offline queue state machine', () => {
  it('queued → sending → acknowledged, counting the attempt and keeping the key', () => {
    const sending = transition(item(), { type: 'send' });
    expect(sending).toMatchObject({ state: 'sending', attempts: 1, key: item().key });
    expect(transition(sending, { type: 'acknowledged' }).state).toBe('acknowledged');
  });

  it('a conflict or refusal keeps the server’s answer for the nurse', () => {
    const sending = transition(item(), { type: 'send' });
    const answer = { Code: 'CONFLICT', Existing: { Id: 9 } };
    expect(transition(sending, { type: 'conflict', answer })).toMatchObject({ state: 'conflict', answer });
    expect(transition(sending, { type: 'rejected', answer })).toMatchObject({ state: 'rejected', answer });
  });

  it('a failed attempt is sent again (failed → sending), and an interrupted one goes back to the queue', () => {
    const failed = transition(transition(item(), { type: 'send' }), { type: 'failed' });
    expect(failed.state).toBe('failed');
    expect(transition(failed, { type: 'send' })).toMatchObject({ state: 'sending', attempts: 2 });
    expect(transition(item('sending'), { type: 'recover' }).state).toBe('queued');
  });

  it('refuses transitions that would send twice or reopen an answered item', () => {
    expect(() => transition(item('sending'), { type: 'send' })).toThrow(IllegalTransition);
    expect(() => transition(item('acknowledged'), { type: 'send' })).toThrow(IllegalTransition);
    expect(() => transition(item('conflict'), { type: 'send' })).toThrow(IllegalTransition);
    expect(() => transition(item('queued'), { type: 'acknowledged' })).toThrow(IllegalTransition);
    expect(() => transition(item('rejected'), { type: 'recover' })).toThrow(IllegalTransition);
  });

  it('reads the server’s answer: 2xx taken, 409 conflict, no answer / 401 / 5xx again later, other 4xx refused', () => {
    expect(eventOfAnswer(201, {})).toEqual({ type: 'acknowledged' });
    expect(eventOfAnswer(200, {})).toEqual({ type: 'acknowledged' });
    expect(eventOfAnswer(409, { Code: 'CONFLICT' })).toEqual({
      type: 'conflict',
      answer: { Code: 'CONFLICT' },
    });
    for (const status of [null, 401, 408, 429, 500, 503])
      expect(eventOfAnswer(status, {}).type).toBe('failed');
    for (const status of [400, 403, 404, 422]) expect(eventOfAnswer(status, {}).type).toBe('rejected');
  });

  it('sends queued and failed items in tap order; counts waiting and choices apart', () => {
    const items = [item('conflict'), { ...item('failed'), seq: 2 }, { ...item('queued'), seq: 3 }];
    expect(sendable(items).map((i) => i.seq)).toEqual([2, 3]);
    expect(items.filter(isWaiting)).toHaveLength(2);
    expect(items.filter(needsChoice)).toHaveLength(1);
  });

  it('backs off from 5 s to at most a minute', () => {
    expect([1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000]);
  });
});
