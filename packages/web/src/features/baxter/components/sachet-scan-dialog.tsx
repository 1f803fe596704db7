import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { type BaxterRoll, sachetScanAnswerSchema, type SachetScanAnswer } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { CameraScanner } from '../../../lib/scan/camera-scanner.tsx';
import { useWedgeScanner } from '../../../lib/scan/use-wedge-scanner.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { Dialog } from '../../../components/dialog.tsx';

type Line = { id: number; ok: boolean; text: string };

const momentOf = (moment: string | null) =>
  moment ? `${formatDate(moment.slice(0, 10))} ${moment.slice(11)}` : '';

function lineText(t: TFunction, answer: SachetScanAnswer): string {
  const client = answer.RollClientName;
  switch (answer.Reason) {
    case null:
      return t('scan.baxter.ok', 'Zakje van {{moment}} klopt.', { moment: momentOf(answer.SachetMoment) });
    case 'not_a_sachet':
      return t('scan.baxter.notASachet', 'Dit is geen baxterzakje.');
    case 'wrong_client':
      return answer.ScannedClientName
        ? t('scan.baxter.wrongClient', 'Dit zakje is van {{scanned}}, niet van {{client}}.', {
            scanned: answer.ScannedClientName,
            client,
          })
        : t('scan.baxter.wrongClientOther', 'Dit zakje is van een andere cliënt, niet van {{client}}.', {
            client,
          });
    case 'wrong_roll':
      return t('scan.baxter.wrongRoll', 'Dit zakje hoort bij een andere rol van {{client}}.', { client });
    case 'wrong_moment':
      return t('scan.baxter.wrongMoment', 'Deze rol heeft geen zakje voor {{moment}}.', {
        moment: momentOf(answer.SachetMoment),
      });
  }
}

/**
 * Laying out a roll: every sachet scanned (hand scanner or camera) is checked against the roll
 * (POST /api/baxter/roll/{id}/sachet-scan); a sachet of another client, roll or moment is refused.
 */
export function SachetScanDialog({ roll, onClose }: { roll: BaxterRoll | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [lines, setLines] = useState<Line[]>([]);
  const [camera, setCamera] = useState(false);
  const [typed, setTyped] = useState('');
  const scan = useMutation({
    mutationFn: (Code: string) =>
      api.post(`/api/baxter/roll/${roll!.Id}/sachet-scan`, { Code }, { schema: sachetScanAnswerSchema }),
  });
  const add = (ok: boolean, text: string) =>
    setLines((current) => [{ id: (current[0]?.id ?? 0) + 1, ok, text }, ...current].slice(0, 50));
  const submit = (code: string) =>
    void withFeedback(scan.mutateAsync(code.trim()), {
      onSuccess: (answer) => add(answer.Passed, lineText(t, answer)),
      onError: (error) => add(false, apiErrorMessage(t, error)),
    });
  useWedgeScanner(submit, roll !== null);
  const close = () => {
    setLines([]);
    setCamera(false);
    onClose();
  };
  return (
    <Dialog
      opened={roll !== null}
      onClose={close}
      title={t('scan.baxter.title', 'Zakjes scannen: {{name}}', { name: roll?.Patient.Name ?? '' })}
      data-testid="sachet-scan-dialog"
    >
      <Stack gap="sm">
        <Text size="sm">
          {t('scan.baxter.intro', 'Scan elk zakje van de rol met de handscanner of de camera.')}
        </Text>
        {camera ? <CameraScanner onScan={(code) => (setCamera(false), submit(code))} /> : null}
        <Group gap="xs" align="flex-end">
          <Button variant="light" onClick={() => setCamera((on) => !on)}>
            {camera ? t('scan.cameraOff', 'Camera uit') : t('scan.camera', 'Camera')}
          </Button>
          <TextInput
            label={t('scan.typeCode', 'Code typen')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            w={200}
          />
          <Button variant="default" disabled={!typed.trim()} onClick={() => (submit(typed), setTyped(''))}>
            {t('scan.check', 'Controleren')}
          </Button>
        </Group>
        <Text size="sm" fw={600} aria-live="polite">
          {t('scan.baxter.count', '{{count}} zakjes gescand', { count: lines.filter((l) => l.ok).length })}
        </Text>
        <List size="sm" spacing={4} data-testid="sachet-scan-lines">
          {lines.map((line) => (
            <List.Item key={line.id} c={line.ok ? 'green.9' : 'red.8'} data-ok={line.ok}>
              {line.text}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Dialog>
  );
}
