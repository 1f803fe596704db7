import type { ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Dialog } from './dialog.tsx';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The way back; "Annuleren" unless that would read like the action itself (cancelling an order). */
  cancelLabel?: string;
  /** red for destructive or risky actions */
  color?: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal question before an action that cannot simply be undone. Cancel has the focus first. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      opened={props.opened}
      onClose={props.onCancel}
      title={props.title}
      centered
      data-testid="confirm-dialog"
    >
      <Stack gap="md">
        {props.children}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={props.onCancel}
            data-autofocus
            data-testid="confirm-dialog-cancel"
          >
            {props.cancelLabel ?? t('common.cancel', 'Annuleren')}
          </Button>
          <Button
            color={props.color}
            loading={props.loading}
            onClick={props.onConfirm}
            data-testid="confirm-dialog-confirm"
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
