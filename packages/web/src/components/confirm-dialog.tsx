import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../lib/use-return-focus.ts';

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
  useReturnFocus(props.opened);
  return (
    <Modal
      opened={props.opened}
      onClose={props.onCancel}
      // useReturnFocus gives the focus back, also to a menu's button.
      returnFocus={false}
      title={props.title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close', 'Sluiten') }}
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
    </Modal>
  );
}
