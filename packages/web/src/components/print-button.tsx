import './print.css';
import { Button, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Opens the browser's print dialog; print.css hides the header, menu and every [data-no-print] control. */
export function PrintButton(props: ButtonProps & { 'data-testid'?: string }) {
  const { t } = useTranslation();
  return (
    <Button variant="default" onClick={() => window.print()} data-no-print {...props}>
      {t('common.print', 'Afdrukken')}
    </Button>
  );
}
