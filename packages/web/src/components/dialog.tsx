import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../lib/use-return-focus.ts';

/**
 * The portal's modal dialog: Mantine's Modal that gives the focus back to what opened it when it closes, also
 * to the button of a menu whose item opened it and for a dialog rendered only while open (useReturnFocus), and
 * whose close button has a Dutch name. Every dialog uses this instead of Modal.
 */
export function Dialog({ closeButtonProps, ...props }: ModalProps) {
  const { t } = useTranslation();
  useReturnFocus(props.opened);
  return (
    <Modal
      {...props}
      // useReturnFocus gives the focus back, also to a menu's button.
      returnFocus={false}
      closeButtonProps={{ 'aria-label': t('common.close', 'Sluiten'), ...closeButtonProps }}
    />
  );
}
