import { Alert, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DIAGRAM_TITLE_MAX, diagramUpdateSchema, type Diagram } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, fieldErrors } from '../../lib/api-errors.ts';
import { contractResolver, showServerFieldErrors } from '../../lib/form.ts';
import { withFeedback } from '../../lib/mutation-feedback.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { useUpdateDiagram } from '../../lib/administration/saved-diagrams.ts';
import { FormActions } from '../form-actions.tsx';
import { Dialog } from '../dialog.tsx';

interface RenameDiagramDialogProps {
  diagram: Diagram | null;
  onClose: () => void;
}

/**
 * A saved diagram's new title; the body is checked by the contract schema the server runs. The caller
 * keys it by the diagram, so the form starts from that diagram's title.
 */
export function RenameDiagramDialog({ diagram, onClose }: RenameDiagramDialogProps) {
  const { t } = useTranslation();
  const update = useUpdateDiagram();
  const form = useForm<{ Title: string }>({
    initialValues: { Title: diagram?.Title ?? '' },
    // The contract's messages are Dutch; the one a person can hit here is the empty title.
    validate: contractResolver(diagramUpdateSchema, {
      Title: t('administration.diagram.titleRequired', 'Vul een titel in.'),
    }),
  });

  const close = () => {
    update.reset();
    onClose();
  };
  const submit = form.onSubmit(({ Title }) => {
    if (!diagram) return;
    void withFeedback(update.mutateAsync({ id: diagram.Id, body: { Title } }), {
      onSuccess: () => {
        toastSuccess(t('administration.diagram.renamed', 'De naam van het diagram is gewijzigd.'));
        close();
      },
      onError: (error) => showServerFieldErrors(form, error),
    });
  });
  const generalError =
    update.isError && Object.keys(fieldErrors(update.error)).length === 0
      ? apiErrorMessage(t, update.error)
      : null;

  return (
    <Dialog
      opened={diagram !== null}
      onClose={close}
      title={t('administration.diagram.renameTitle', 'Naam van het diagram wijzigen')}
      centered
      data-testid="diagram-rename-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('administration.diagram.title', 'Titel')}
            required
            maxLength={DIAGRAM_TITLE_MAX}
            data-autofocus
            data-testid="diagram-rename-title"
            {...form.getInputProps('Title')}
          />
          {generalError && (
            <Alert color="red" role="alert">
              {generalError}
            </Alert>
          )}
          <FormActions
            onCancel={close}
            submitLabel={t('common.save', 'Opslaan')}
            loading={update.isPending}
            submitTestId="diagram-rename-submit"
          />
        </Stack>
      </form>
    </Dialog>
  );
}
