import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Combobox.css';
import { Alert, Button, Checkbox, FileInput, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_CATEGORIES,
  DOCUMENT_MAX_BYTES,
  documentFieldsSchema,
} from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, fieldErrors } from '../../../lib/api-errors.ts';
import { contractResolver } from '../../../lib/form.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useUploadDocument, useUploadVersion, type UploadValues } from '../api/documents.ts';
import { Dialog } from '../../../components/dialog.tsx';

interface UploadDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Set for a new version of this document; otherwise a new document. */
  version?: { id: number; title: string } | null;
}

const fileMessage = (t: (key: string, fallback: string) => string, file: File | null) => {
  if (!file) return t('documents.fileRequired', 'Kies een bestand.');
  if (file.size > DOCUMENT_MAX_BYTES) return t('documents.fileTooLarge', 'Het bestand is groter dan 20 MB.');
  return null;
};

/** Upload a new document (title, category, sharing, file) or a new version of one (file only). */
export function UploadDialog({ opened, onClose, version }: UploadDialogProps) {
  const { t } = useTranslation();
  const upload = useUploadDocument();
  const uploadVersion = useUploadVersion();
  const isVersion = Boolean(version);
  const fieldsResolver = contractResolver<UploadValues>(documentFieldsSchema);
  const form = useForm<UploadValues>({
    initialValues: { Title: '', Category: '', Shared: false, File: null },
    validate: (values) => {
      const errors = isVersion ? {} : fieldsResolver(values);
      const file = fileMessage(t, values.File);
      return file ? { ...errors, File: file } : errors;
    },
  });
  const mutation = isVersion ? uploadVersion : upload;

  const close = () => {
    form.reset();
    upload.reset();
    uploadVersion.reset();
    onClose();
  };

  const onError = (error: unknown) => {
    const fields = fieldErrors(error);
    if (Object.keys(fields).length > 0) form.setErrors(fields);
  };

  const submit = form.onSubmit((values) => {
    if (version) {
      void withFeedback(uploadVersion.mutateAsync({ id: version.id, file: values.File! }), {
        onSuccess: (doc) => {
          toastSuccess(
            t('documents.versionDone', 'Versie {{version}} is opgeslagen.', {
              version: doc.Version.Version,
            }),
          );
          close();
        },
        onError,
      });
    } else {
      void withFeedback(upload.mutateAsync(values), {
        onSuccess: () => {
          toastSuccess(t('documents.uploadDone', 'Het document is opgeslagen.'));
          close();
        },
        onError,
      });
    }
  });

  const generalError =
    mutation.isError && Object.keys(fieldErrors(mutation.error)).length === 0
      ? apiErrorMessage(t, mutation.error)
      : null;

  return (
    <Dialog
      opened={opened}
      onClose={close}
      title={
        version
          ? t('documents.newVersionTitle', 'Nieuwe versie van {{title}}', { title: version.title })
          : t('documents.uploadTitle', 'Document toevoegen')
      }
      centered
      data-testid="document-upload-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {!isVersion && (
            <>
              <TextInput
                label={t('documents.title', 'Titel')}
                required
                maxLength={200}
                data-testid="document-title"
                {...form.getInputProps('Title')}
              />
              <Select
                label={t('documents.category', 'Categorie')}
                required
                data={DOCUMENT_CATEGORIES.map((value) => ({ value, label: t(`documentCategory.${value}`) }))}
                data-testid="document-category"
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('Category')}
              />
              <Checkbox
                label={t('documents.share', 'Delen met onze partners in het zorgnetwerk')}
                data-testid="document-shared"
                {...form.getInputProps('Shared', { type: 'checkbox' })}
              />
            </>
          )}
          <FileInput
            label={t('documents.file', 'Bestand')}
            description={t('documents.fileHint', 'PDF, afbeelding of Office-bestand, maximaal 20 MB.')}
            required
            accept={DOCUMENT_ACCEPT}
            clearable
            data-testid="document-file"
            {...form.getInputProps('File')}
          />
          {generalError && (
            <Alert color="red" role="alert" data-testid="document-upload-error">
              {generalError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel', 'Annuleren')}
            </Button>
            <Button type="submit" loading={mutation.isPending} data-testid="document-upload-submit">
              {t('documents.upload', 'Uploaden')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
