import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Alert, Group, Paper, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  informedConsentBodySchema,
  MAX_SIGNATURE_BASE64,
  screenName,
  type InformedConsentBodyInput,
} from '@zorgportaal/contract';
import { apiErrorMessage, fieldErrors } from '../lib/api-errors.ts';
import { issuesByPath } from '../lib/form.ts';
import { getAccount } from '../lib/session.ts';
import { SignaturePad } from './signature-pad.tsx';
import { FormActions } from './form-actions.tsx';
import { Dialog } from './dialog.tsx';

/** Who may sign the client's consent (a prescriber signs an agreement, not this). */
export const CONSENT_SIGNER_ROLES = ['client', 'representative'] as const;
type ConsentSignerRole = (typeof CONSENT_SIGNER_ROLES)[number];

/** The logged-in user's name: the default witness. */
function currentUserName(): string {
  const account = getAccount();
  const name = account?.Person ? screenName(account.Person.NameInformation) : '';
  return name || account?.Username || '';
}

/** The dialog's fields, named as the request body; nothing chosen or drawn yet is null. */
interface ConsentValues {
  SignerName: string;
  SignerRole: ConsentSignerRole | 'prescriber' | null;
  WitnessName: string;
  Signature: string | null;
}

interface ConsentDialogProps {
  patientId: number;
  patientName: string;
  pending: boolean;
  /** The failed POST, if any: its message above the buttons, its Fields next to the fields. */
  error: unknown;
  onSubmit: (body: InformedConsentBodyInput) => void;
  onClose: () => void;
  /** The prescriber's authorised signature of this agreement instead of the client's consent. */
  agreement?: { id: number; description: string };
}

/**
 * eTDR informed consent (spec §7): the client or a representative reads the consent text and signs
 * it on screen; the witness is the logged-in user unless changed. The text exactly as shown is sent
 * along as the snapshot. The feature around it does the POST (and refreshes its own views).
 */
export function ConsentDialog({
  patientId,
  patientName,
  pending,
  error,
  onSubmit,
  onClose,
  agreement,
}: ConsentDialogProps) {
  const { t } = useTranslation();
  // Rendered only while open: the opener gets the focus back when it unmounts.
  const consentText = agreement
    ? t('consent.authorizedText', {
        agreement: agreement.description,
        defaultValue: 'Als voorschrijver onderteken ik de medicatieafspraak: {{agreement}}.',
      })
    : t(
        'consent.text',
        'Ik geef toestemming dat de zorgverleners van deze zorginstelling mijn medicatie toedienen en registreren, en dat mijn apotheek en voorschrijvers deze registratie inzien.',
      );
  const body = (values: ConsentValues): InformedConsentBodyInput => ({
    PatientId: patientId,
    Kind: agreement ? 'authorized' : 'consent',
    // Only the prescriber's signature names an agreement; the consent body stays as it was.
    ...(agreement ? { MedicationAgreementId: agreement.id } : {}),
    SignerName: values.SignerName,
    SignerRole: values.SignerRole!,
    WitnessName: values.WitnessName.trim() || null,
    ConsentText: consentText,
    Signature: values.Signature!,
  });
  // The dialog's own (translated) messages first; then the contract schema the server uses.
  const validate = (values: ConsentValues): FormErrors => {
    const { SignerName: signerName, SignerRole: signerRole, Signature: signature } = values;
    const next: FormErrors = {};
    if (!signerName.trim())
      next.SignerName = t('consent.errors.signer', 'Vul de naam van de ondertekenaar in.');
    if (!signerRole) next.SignerRole = t('consent.errors.role', 'Kies wie ondertekent.');
    if (!signature) next.Signature = t('consent.errors.signature', 'Zet een handtekening in het vak.');
    else if (signature.length > MAX_SIGNATURE_BASE64)
      next.Signature = t(
        'consent.errors.signatureTooLarge',
        'De handtekening is te groot; wis hem en teken opnieuw.',
      );
    if (Object.keys(next).length > 0) return next;
    const parsed = informedConsentBodySchema.safeParse(body(values));
    return parsed.success ? {} : issuesByPath(parsed.error.issues);
  };
  const form = useForm<ConsentValues>({
    // The prescriber signs in person: their own name, no witness.
    initialValues: agreement
      ? { SignerName: currentUserName(), SignerRole: 'prescriber', WitnessName: '', Signature: null }
      : { SignerName: '', SignerRole: null, WitnessName: currentUserName(), Signature: null },
    validate,
  });
  const submit = form.onSubmit((values) => onSubmit(body(values)));

  const serverFields = fieldErrors(error);
  const fieldError = (field: keyof ConsentValues): string | null =>
    (form.errors[field] as string | undefined) ?? serverFields[field] ?? null;

  const chooseRole = (value: string) => {
    const role = value as ConsentSignerRole;
    // The client usually signs for themselves: their name is the obvious default.
    form.setValues(
      role === 'client' && !form.values.SignerName.trim()
        ? { SignerRole: role, SignerName: patientName }
        : { SignerRole: role },
    );
  };

  return (
    <Dialog
      opened
      onClose={onClose}
      title={
        agreement
          ? t('consent.authorizedTitle', 'Medicatieafspraak ondertekenen')
          : t('consent.title', 'Toestemming eTDR vastleggen')
      }
      size="xl"
      closeOnClickOutside={false}
      data-testid="consent-dialog"
    >
      <Stack gap="md">
        <Text fw={600} data-testid="consent-patient">
          {t('consent.patient', 'Cliënt: {{name}}', { name: patientName })}
        </Text>
        <Paper withBorder p="md" radius="md" bg="gray.0" component="blockquote" m={0}>
          <Text style={{ whiteSpace: 'pre-line' }} data-testid="consent-text">
            {consentText}
          </Text>
        </Paper>
        <TextInput
          label={t('consent.signer', 'Naam van de ondertekenaar')}
          {...form.getInputProps('SignerName')}
          error={fieldError('SignerName')}
          required
          maxLength={100}
          size="md"
          data-autofocus
          data-testid="consent-signer"
        />
        {agreement ? null : (
          <>
            <Radio.Group
              value={form.values.SignerRole}
              onChange={chooseRole}
              label={t('consent.role', 'Wie ondertekent?')}
              error={fieldError('SignerRole')}
              required
              data-testid="consent-role"
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
                {CONSENT_SIGNER_ROLES.map((role) => (
                  <Radio.Card key={role} value={role} p="sm" mih={48} data-testid={`consent-role-${role}`}>
                    <Group gap="xs" wrap="nowrap">
                      <Radio.Indicator />
                      <Text>{t(`consent.roles.${role}`)}</Text>
                    </Group>
                  </Radio.Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
            <TextInput
              label={t('consent.witness', 'Getuige')}
              description={t('consent.witnessHelp', 'Standaard uzelf; pas aan als iemand anders getuige is.')}
              {...form.getInputProps('WitnessName')}
              error={fieldError('WitnessName')}
              maxLength={100}
              size="md"
              data-testid="consent-witness"
            />
          </>
        )}
        <SignaturePad
          label={t('consent.signature', 'Handtekening')}
          description={t('consent.signatureHelp', 'De ondertekenaar tekent in het vak hieronder.')}
          error={fieldError('Signature')}
          disabled={pending}
          onChange={(png) => form.setFieldValue('Signature', png)}
        />
        {error ? (
          <Alert color="red" variant="light" role="alert" data-testid="consent-error">
            {apiErrorMessage(t, error)}
          </Alert>
        ) : null}
        <FormActions
          onCancel={onClose}
          submitLabel={
            agreement
              ? t('consent.authorizedSubmit', 'Ondertekenen')
              : t('consent.submit', 'Toestemming vastleggen')
          }
          loading={pending}
          submitTestId="consent-submit"
          onSubmit={() => submit()}
          size="md"
          gap="sm"
        />
      </Stack>
    </Dialog>
  );
}
