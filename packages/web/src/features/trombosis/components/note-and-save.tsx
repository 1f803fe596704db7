import type { ReactNode } from 'react';
import { Button, Group, Text, Textarea } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';

interface NoteAndSaveProps {
  /** The form's input props for its Note. */
  note: GetInputPropsReturnType;
  /** The server's refusal when no field shows it. */
  error: unknown;
  saving: boolean;
  saveLabel: string;
  saveTestId: string;
  /** Buttons after the save button. */
  children?: ReactNode;
}

/** The end of a trombosis form: the note, a refusal that belongs to no field, and the save button. */
export function NoteAndSave({ note, error, saving, saveLabel, saveTestId, children }: NoteAndSaveProps) {
  const { t } = useTranslation();
  return (
    <>
      <Textarea label={t('trombosis.note', 'Opmerking')} autosize minRows={2} maw={560} {...note} />
      {error ? (
        <Text c="red.8" role="alert">
          {apiErrorMessage(t, error)}
        </Text>
      ) : null}
      <Group>
        <Button type="submit" size="md" loading={saving} data-testid={saveTestId}>
          {saveLabel}
        </Button>
        {children}
      </Group>
    </>
  );
}
