import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import { Drawer, type DrawerProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The person and account forms' drawer: from the right, wide enough for a form, a Dutch close label. */
export function SideDrawer(props: Omit<DrawerProps, 'position' | 'size' | 'closeButtonProps'>) {
  const { t } = useTranslation();
  return (
    <Drawer
      position="right"
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close', 'Sluiten') }}
      {...props}
    />
  );
}
