import { describe, expect, it } from 'vitest';
import { composeMessageHref, composeSubjectOf } from './live-messages.ts';

describe('"Nieuw bericht" about a subject, through the address', () => {
  it('reads back what another screen put in the address', () => {
    const href = composeMessageHref({ InrValueId: 33, PatientId: 5 });
    expect(href).toBe('/communication?compose=1&inr=33&patient=5');
    const params = new URL(href, 'http://x').searchParams;
    expect(composeSubjectOf(params)).toEqual({
      OrderId: undefined,
      InrValueId: 33,
      PatientId: 5,
      ToEntityId: undefined,
    });
    const order = composeMessageHref({ OrderId: 12, ToEntityId: 4 });
    expect(composeSubjectOf(new URL(order, 'http://x').searchParams)).toMatchObject({
      OrderId: 12,
      ToEntityId: 4,
    });
  });

  it('opens nothing without compose=1 and ignores ids that are no ids', () => {
    expect(composeSubjectOf(new URLSearchParams('order=12'))).toBeNull();
    expect(
      composeSubjectOf(new URLSearchParams('compose=1&order=-1&inr=1.5&patient=9999999999&to=x')),
    ).toEqual({
      OrderId: undefined,
      InrValueId: undefined,
      PatientId: undefined,
      ToEntityId: undefined,
    });
  });
});
