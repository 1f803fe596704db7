import { useRef, useState } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type PlannedMoment, readScan, type ScanCheckAnswer } from '@zorgportaal/contract';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useWedgeScanner } from '../../../lib/scan/use-wedge-scanner.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { setActiveScan, useActiveScan } from './active-scan.ts';
import { useScanCheck } from './scan-check.ts';
import { blocksGive, unreadableMessage } from './scan-messages.ts';
import { ScanPanel } from './scan-panel.tsx';

/**
 * Scanning on one card (docs/scanning.md): the "Scannen" button, and the panel below the card's buttons
 * (inside the card, so nothing lies over the next card). A passing scan marks "Gegeven" as ready; a
 * failing one blocks it until a scan passes, and offers the deviation instead.
 */
export function useMomentScan(moment: PlannedMoment, onDeviation: () => void) {
  const { t } = useTranslation();
  const open = useActiveScan() === moment.Key;
  const [answer, setAnswer] = useState<ScanCheckAnswer | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const check = useScanCheck();
  // Only the latest scan's answer is shown: a slower answer to an earlier scan never replaces it.
  const latest = useRef(0);
  const submit = (raw: string) => {
    const read = readScan(raw);
    setNotice(null);
    if (!read.ok) return setNotice(unreadableMessage(t, read.error));
    const sent = ++latest.current;
    void withFeedback(
      check.mutateAsync({
        AgreementId: moment.AgreementId,
        ScheduledAt: moment.ScheduledAt,
        Code: raw.trim(),
      }),
      {
        onSuccess: (result) => {
          if (sent === latest.current) setAnswer(result);
        },
        onError: (error) => {
          if (sent === latest.current) setNotice(apiErrorMessage(t, error));
        },
      },
    );
  };
  useWedgeScanner(submit, open);
  const state = answer === null ? 'none' : answer.Passed ? 'passed' : 'failed';

  const button = (
    <Button
      size="lg"
      variant={open ? 'filled' : 'default'}
      aria-pressed={open}
      onClick={() => setActiveScan(open ? null : moment.Key)}
      data-testid="scan-button"
    >
      {t('scan.action', 'Scannen')}
    </Button>
  );
  const panel =
    open || answer || notice ? (
      <ScanPanel
        open={open}
        medication={moment.MedicationName}
        answer={answer}
        notice={notice}
        pending={check.isPending}
        onScan={submit}
        onDeviation={onDeviation}
        onClose={() => setActiveScan(null)}
      />
    ) : null;
  return { button, panel, blocked: answer !== null && blocksGive(answer), state };
}
