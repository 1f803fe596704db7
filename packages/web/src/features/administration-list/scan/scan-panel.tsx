import '@mantine/core/styles/Alert.css';
import { useState } from 'react';
import { Alert, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ScanCheckAnswer } from '@zorgportaal/contract';
import { CameraScanner } from '../../../lib/scan/camera-scanner.tsx';
import { reasonMessage } from './scan-messages.ts';

/**
 * The scanner of one card: the hand scanner listens while it is open, the camera on request, a code may
 * be typed; below it the outcome of the last scan. It is part of the card, so it pushes the next card
 * down instead of covering it.
 */
export function ScanPanel({
  open,
  medication,
  answer,
  notice,
  pending,
  onScan,
  onDeviation,
  onClose,
}: {
  open: boolean;
  medication: string;
  answer: ScanCheckAnswer | null;
  notice: string | null;
  pending: boolean;
  onScan: (code: string) => void;
  onDeviation: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [camera, setCamera] = useState(false);
  const [typed, setTyped] = useState('');
  const reasons = answer?.Checks.flatMap((check) => (check.Reason ? [check.Reason] : [])) ?? [];
  return (
    <Stack gap="xs" mt="sm" data-testid="scan-panel" data-no-print>
      {open ? (
        <>
          <Text size="sm" aria-live="polite">
            {pending
              ? t('scan.checking', 'Controleren…')
              : t(
                  'scan.ready',
                  'Scan het zakje, het polsbandje of de verpakking met de handscanner of de camera.',
                )}
          </Text>
          {camera ? (
            <CameraScanner
              onScan={(code) => {
                setCamera(false);
                onScan(code);
              }}
            />
          ) : null}
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Button variant="light" onClick={() => setCamera((on) => !on)} data-testid="scan-camera-toggle">
              {camera ? t('scan.cameraOff', 'Camera uit') : t('scan.camera', 'Camera')}
            </Button>
            <TextInput
              label={t('scan.typeCode', 'Code typen')}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              w={220}
              data-testid="scan-typed"
            />
            <Button
              variant="default"
              disabled={!typed.trim()}
              onClick={() => (onScan(typed), setTyped(''))}
              data-testid="scan-typed-check"
            >
              {t('scan.check', 'Controleren')}
            </Button>
            <Button variant="subtle" onClick={onClose} data-testid="scan-close">
              {t('scan.close', 'Sluiten')}
            </Button>
          </Group>
        </>
      ) : null}
      {notice ? (
        <Text size="sm" c="red.8" role="alert" data-testid="scan-notice">
          {notice}
        </Text>
      ) : null}
      {answer ? (
        answer.Passed ? (
          <Alert color="green" variant="light" p="xs" data-testid="scan-result" data-passed="true">
            {t('scan.passed', 'Alles klopt: registreer met Gegeven.')}
          </Alert>
        ) : (
          <Alert
            color="red"
            variant="light"
            p="xs"
            role="alert"
            title={t('scan.failed', 'Controleer voor u geeft')}
            data-testid="scan-result"
            data-passed="false"
          >
            <Stack gap={6}>
              <List size="sm">
                {reasons.map((reason) => (
                  <List.Item key={reason}>{reasonMessage(t, reason, answer, medication)}</List.Item>
                ))}
              </List>
              <Group gap="xs">
                <Button size="sm" variant="default" onClick={onDeviation} data-testid="scan-deviation">
                  {t('scan.deviation', 'Afwijking registreren')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )
      ) : null}
    </Stack>
  );
}
