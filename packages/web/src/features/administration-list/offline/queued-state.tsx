import '@mantine/core/styles/Badge.css';
import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { registrationConflictSchema, type PlannedMoment } from '@zorgportaal/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { timeInAmsterdam } from '../../../lib/dates.ts';
import { withdrawUnsent } from '../../../lib/offline/queue-store.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import type { useMomentActions } from '../hooks/use-moment-actions.tsx';
import { RegistrationDialog } from '../components/registration-dialog.tsx';
import type { QueuedRegistration } from './queue-registration.ts';
import { dropQueued } from './use-queued-for.ts';

/** The message of a refusal as the server sent it (its `Message`), when there is one. */
const messageOf = (answer: unknown): string | null => {
  const message = (answer as { Message?: unknown } | null)?.Message;
  return typeof message === 'string' ? message : null;
};

/**
 * A moment's registration that waits in the offline queue, in place of the card's buttons: "wacht op
 * verzending" (and "dubbele controle volgt" for a risk dose), or — once answered — the colleague's
 * registration that came first (keep it, or register a correction of it) or the server's refusal.
 */
export function QueuedState({
  moment,
  item,
  actions,
}: {
  moment: PlannedMoment;
  item: QueuedRegistration;
  actions: ReturnType<typeof useMomentActions>;
}) {
  const { t } = useTranslation();
  const [correcting, setCorrecting] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const tapped = timeInAmsterdam(new Date(item.createdAt).toISOString());
  const status = t(`administrationStatus.${item.body.Status}`);

  if (item.state === 'conflict') {
    const existing = registrationConflictSchema.safeParse(item.answer).data?.Existing;
    const who = existing ? (existing.RecordedBy.ScreenName ?? existing.RecordedBy.Username) : '';
    const when = existing ? timeInAmsterdam(existing.AdministeredAt ?? existing.RecordedAt) : '';
    return (
      <Stack gap="sm" data-testid="queued-conflict" style={{ flex: '1 1 100%' }}>
        <Alert color="orange" variant="light" role="alert">
          {t(
            'offline.conflict',
            'Intussen geregistreerd door {{who}} om {{when}}. Uw registratie ({{status}}, {{tapped}}) is niet verzonden.',
            { who, when, status, tapped },
          )}
        </Alert>
        <Group gap="sm" wrap="wrap">
          <Button
            size="md"
            variant="default"
            onClick={() => void dropQueued(item)}
            data-testid="conflict-keep"
          >
            {t('offline.keepColleague', 'Registratie van collega behouden')}
          </Button>
          {existing ? (
            <Button size="md" onClick={() => setCorrecting(true)} data-testid="conflict-correct">
              {t('offline.registerCorrection', 'Correctie registreren')}
            </Button>
          ) : null}
        </Group>
        {correcting && existing ? (
          <RegistrationDialog
            opened
            moment={moment}
            mode="correct"
            correctsId={existing.Id}
            pending={actions.registering}
            onSubmit={(input) => actions.submit(input, () => void dropQueued(item))}
            onClose={() => setCorrecting(false)}
          />
        ) : null}
      </Stack>
    );
  }

  if (item.state === 'rejected')
    return (
      <Stack gap="sm" data-testid="queued-rejected" style={{ flex: '1 1 100%' }}>
        <Alert color="red" variant="light" role="alert">
          {t('offline.rejected', 'Uw registratie ({{status}}, {{tapped}}) is geweigerd: {{message}}', {
            status,
            tapped,
            message: messageOf(item.answer) ?? t('errors.unknown', 'Er is een onverwachte fout opgetreden.'),
          })}
        </Alert>
        <Group>
          <Button
            size="md"
            variant="default"
            onClick={() => void dropQueued(item)}
            data-testid="rejected-drop"
          >
            {t('offline.drop', 'Verwijderen')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <Group gap="xs" wrap="wrap" data-testid="queued-waiting">
      <Badge color="gray.7" variant="outline" size="lg">
        {t('offline.waiting', 'Wacht op verzending')}
      </Badge>
      <Text size="sm" c="dark.6">
        {status} · {tapped}
      </Text>
      {item.meta.doubleCheckFollows ? (
        <Text size="sm" c="orange.9" fw={500} data-testid="double-check-follows">
          {t('offline.doubleCheckFollows', 'Dubbele controle volgt')}
        </Text>
      ) : null}
      {/* A tap on the wrong card is taken back before it goes out; once on its way its answer decides. */}
      <Button
        size="sm"
        variant="subtle"
        color="red.8"
        disabled={item.state === 'sending'}
        onClick={() => setWithdrawing(true)}
        data-testid="queued-withdraw"
      >
        {t('offline.withdraw', 'Niet verzenden')}
      </Button>
      <ConfirmDialog
        opened={withdrawing}
        title={t('offline.withdrawTitle', 'Registratie niet verzenden')}
        confirmLabel={t('offline.withdraw', 'Niet verzenden')}
        color="red"
        onCancel={() => setWithdrawing(false)}
        onConfirm={async () => {
          setWithdrawing(false);
          if (await withdrawUnsent(item.seq!))
            toastSuccess(
              t('offline.withdrawn', 'De registratie wordt niet verzonden; de dosis staat weer open.'),
            );
          else
            toastError(
              t(
                'offline.withdrawTooLate',
                'Deze registratie is al onderweg naar de server en kan niet meer worden tegengehouden.',
              ),
            );
        }}
      >
        <Text>
          {t(
            'offline.withdrawBody',
            'Uw registratie ({{status}}, {{tapped}}) wordt niet verzonden en verdwijnt van dit apparaat. De dosis staat daarna weer open.',
            { status, tapped },
          )}
        </Text>
      </ConfirmDialog>
    </Group>
  );
}
