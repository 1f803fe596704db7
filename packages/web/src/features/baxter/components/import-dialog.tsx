import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, ApiRequestError } from '../../../lib/api-errors.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useImportRollFile } from '../api/baxter.ts';
import { Dialog } from '../../../components/dialog.tsx';

type FileError = { Line: number; Field: string; Message: string };

/** The packaging robot's roll file (CSV or JSON): checked whole; every error with its line and field. */
export function ImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const importFile = useImportRollFile();
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FileError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFile(null);
    setErrors([]);
    setFailure(null);
    onClose();
  };
  const submit = async () => {
    if (!file) return;
    setErrors([]);
    setFailure(null);
    const Content = await file.text();
    const Format = file.name.toLowerCase().endsWith('.json') ? 'json' : 'csv';
    void withFeedback(importFile.mutateAsync({ Format, Content }), {
      onSuccess: (result) => {
        toastSuccess(
          t('baxter.imported', '{{rolls}} rollen ingelezen ({{sachets}} zakjes).', {
            rolls: result.Rolls,
            sachets: result.Sachets,
          }),
        );
        close();
      },
      onError: (error) => {
        const body = error instanceof ApiRequestError ? (error.body as { Errors?: FileError[] }) : undefined;
        if (body?.Errors?.length) setErrors(body.Errors);
        else setFailure(apiErrorMessage(t, error));
      },
    });
  };
  return (
    <Dialog
      opened={opened}
      onClose={close}
      size="lg"
      title={t('baxter.importTitle', 'Rolbestand inlezen')}
      data-testid="import-dialog"
    >
      <Stack gap="md">
        <Text fz="sm">
          {t(
            'baxter.importHint',
            'CSV (puntkomma) of JSON van de baxterrobot. Het hele bestand wordt eerst gecontroleerd; bij één fout wordt niets ingelezen.',
          )}
        </Text>
        <FileInput
          label={t('baxter.importFile', 'Bestand')}
          accept=".csv,.json,text/csv,application/json"
          value={file}
          onChange={setFile}
          clearable
          data-testid="import-file"
        />
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        {errors.length > 0 ? (
          <Alert
            color="red"
            role="alert"
            title={t('baxter.importErrors', 'Niets ingelezen: {{count}} fouten', { count: errors.length })}
          >
            <List size="sm" data-testid="import-errors">
              {errors.map((e, i) => (
                <List.Item key={i}>
                  {t('baxter.importError', 'Regel {{line}}, veld {{field}}: {{message}}', {
                    line: e.Line,
                    field: e.Field,
                    message: e.Message,
                  })}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('common.cancel', 'Annuleren')}
          </Button>
          <Button
            onClick={() => void submit()}
            disabled={!file}
            loading={importFile.isPending}
            data-testid="import-submit"
          >
            {t('baxter.importSubmit', 'Inlezen')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
