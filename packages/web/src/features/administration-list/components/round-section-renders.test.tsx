import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PlannedMoment } from '@zorgportaal/contract';
import { TestProviders } from '../../../test/render.tsx';
import { moment } from '../utils/test-fixtures.ts';
import { RoundSection } from './round-section.tsx';

/** How often each card read its client's name, i.e. rendered: every card render shows the name. */
const reads = new Map<string, number>();
const counted = (m: PlannedMoment): PlannedMoment =>
  new Proxy(m, {
    get(target, key, receiver) {
      if (key === 'PatientName') reads.set(target.Key, (reads.get(target.Key) ?? 0) + 1);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });

/**
 * The list page renders again on every poll and query update, and hands each round a new array of the same
 * moment objects (the query keeps an unchanged moment's object). On a ward with ~90 cards, rendering every
 * card each time cost most of a page load's CPU: an unchanged moment keeps its card as it is.
 */
describe('a round renders only the cards whose moment changed', () => {
  it('the same moments again: no card renders; one changed moment: only its card renders', async () => {
    const first = ['Anna de Vries', 'Bert Bakker', 'Cor Jansen'].map((PatientName, i) =>
      counted(moment({ AgreementId: i + 1, Time: '08:00', PatientName })),
    );
    let update: (next: PlannedMoment[]) => void = () => {};
    function Page() {
      const [moments, setMoments] = useState(first);
      update = (next) => setMoments(next);
      return (
        <RoundSection
          time="08:00"
          moments={[...moments]}
          open={moments.length}
          total={3}
          now={0}
          next={null}
          scrollTarget={null}
        />
      );
    }
    const router = createMemoryRouter([{ path: '/', element: <Page /> }]);
    render(
      <TestProviders>
        <RouterProvider router={router} />
      </TestProviders>,
    );
    expect(await screen.findAllByTestId('moment-card')).toHaveLength(3);
    const settled = new Map(reads);
    expect([...settled.values()].every((n) => n > 0)).toBe(true);

    // The page renders again with a new array of the same moments (a poll that changed nothing).
    act(() => update([...first]));
    expect(screen.getAllByTestId('moment-card')).toHaveLength(3);
    expect(new Map(reads)).toEqual(settled);

    // Bert's moment changed (a new object, as the query makes it): his card renders, the others do not.
    const bert = counted(moment({ AgreementId: 2, Time: '08:00', PatientName: 'Bert Bakker', Room: '12' }));
    act(() => update([first[0]!, bert, first[2]!]));
    expect(reads.get(bert.Key)).toBeGreaterThan(settled.get(bert.Key)!);
    for (const m of [first[0]!, first[2]!]) expect(reads.get(m.Key), m.Key).toBe(settled.get(m.Key));
  });
});
