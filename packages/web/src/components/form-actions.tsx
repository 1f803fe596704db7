import { Button, Group, type GroupProps, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface FormActionsProps extends Omit<GroupProps, 'children' | 'onSubmit'> {
  onCancel: () => void;
  /** The translated text of the submit button. */
  submitLabel: string;
  loading: boolean;
  submitTestId: string;
  /** For a dialog without a form element; without it the button submits the form. */
  onSubmit?: () => void;
  /** Both buttons' size. */
  size?: MantineSize;
}

/** A form's or dialog's closing row: "Annuleren", then the submit button, on the right. */
export function FormActions({
  onCancel,
  submitLabel,
  loading,
  submitTestId,
  onSubmit,
  size,
  ...groupProps
}: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" {...groupProps}>
      <Button variant="default" size={size} onClick={onCancel}>
        {t('common.cancel', 'Annuleren')}
      </Button>
      <Button
        type={onSubmit ? 'button' : 'submit'}
        size={size}
        onClick={onSubmit}
        loading={loading}
        data-testid={submitTestId}
      >
        {submitLabel}
      </Button>
    </Group>
  );
}
