import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  FHIR_SYSTEM_TYPES,
  MEDICATION_REQUEST_WRITE_SCOPE,
  systemClientBodySchema,
  systemScopeOf,
  type SystemClientAuthMethod,
  type SystemClientBody,
  type SystemClientCreated,
} from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { apiErrorMessage, fieldErrors } from '../../../lib/api-errors.ts';
import { contractResolver } from '../../../lib/form.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastError } from '../../../lib/toast.ts';
import { useCreateSystemClient } from '../api/system-clients.ts';

interface Values {
  Name: string;
  Scopes: SystemClientBody['Scopes'];
  AuthMethod: SystemClientAuthMethod;
  PublicKey: string;
}

/** The body sent: a secret client as before (name and scopes), a key client with its method and key. */
const bodyOf = (values: Values): SystemClientBody =>
  values.AuthMethod === 'private_key_jwt' ? values : { Name: values.Name, Scopes: values.Scopes };

/** What the new client shows once: its secret, or (with a key) where its assertions must point. */
function Created({ created, onClose }: { created: SystemClientCreated; onClose: () => void }) {
  const { t } = useTranslation();
  const tokenUrl = `${window.location.origin}/oauth/token`;
  return (
    <Stack gap="sm" data-testid="system-client-created">
      {created.ClientSecret === null ? (
        <Alert color="green" title={t('systemClients.keyCreatedTitle', 'De systeemclient is aangemaakt')}>
          {t(
            'systemClients.keyCreated',
            'Het systeem vraagt een token aan met een JWT die het ondertekent met zijn privésleutel (private_key_jwt): iss en sub het client-ID, aud het tokenadres hieronder, hoogstens 5 minuten geldig, elke jti maar één keer.',
          )}
        </Alert>
      ) : (
        <Alert color="orange" title={t('systemClients.secretOnceTitle', 'Kopieer het geheim nu')}>
          {t(
            'systemClients.secretOnce',
            'Het geheim wordt alleen nu getoond en nergens bewaard. Sluit u dit venster, dan is het niet meer op te vragen; maak dan een nieuwe systeemclient.',
          )}
        </Alert>
      )}
      <TextInput
        label={t('systemClients.clientId', 'Client-ID')}
        value={created.ClientId}
        readOnly
        data-testid="system-client-created-id"
      />
      {created.ClientSecret === null ? (
        <TextInput
          label={t('systemClients.tokenUrl', 'Tokenadres (aud)')}
          value={tokenUrl}
          readOnly
          data-testid="system-client-created-token-url"
        />
      ) : (
        <TextInput
          label={t('systemClients.secret', 'Geheim (client_secret)')}
          value={created.ClientSecret}
          readOnly
          data-testid="system-client-created-secret"
        />
      )}
      <Group justify="flex-end">
        <Button onClick={onClose} data-testid="system-client-created-close">
          {created.ClientSecret === null
            ? t('systemClients.close', 'Sluiten')
            : t('systemClients.secretCopied', 'Ik heb het geheim bewaard')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Create: name, scopes and how it signs in (a secret, or its public key); then what it needs, shown once. */
export function CreateSystemClientDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateSystemClient();
  const [created, setCreated] = useState<SystemClientCreated | null>(null);
  const resolve = contractResolver<SystemClientBody>(systemClientBodySchema, {
    PublicKey: t(
      'systemClients.publicKeyInvalid',
      'Plak de openbare sleutel: een JWKS, een JWK of een PEM-blok (BEGIN PUBLIC KEY).',
    ),
  });
  const form = useForm<Values>({
    initialValues: { Name: '', Scopes: [], AuthMethod: 'client_secret', PublicKey: '' },
    validate: (values) => resolve(bodyOf(values)),
  });
  const submit = form.onSubmit((values) => {
    void withFeedback(create.mutateAsync(bodyOf(values)), {
      onSuccess: (client) => setCreated(client),
      onError: (error) => {
        const errors = fieldErrors(error);
        if (Object.keys(errors).length) form.setErrors(errors);
        else toastError(apiErrorMessage(t, error));
      },
    });
  });

  return (
    <Dialog
      opened
      onClose={onClose}
      size="lg"
      title={t('systemClients.newTitle', 'Nieuwe systeemclient')}
      data-testid="system-client-form"
    >
      {created ? (
        <Created created={created} onClose={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('systemClients.name', 'Naam')}
              description={t('systemClients.nameHint', 'Bijvoorbeeld het systeem dat de gegevens leest.')}
              required
              data-testid="system-client-name"
              {...form.getInputProps('Name')}
            />
            <Checkbox.Group
              label={t('systemClients.scopes', 'Gegevenssoorten')}
              required
              {...form.getInputProps('Scopes')}
            >
              <Stack gap={6} mt={6}>
                {FHIR_SYSTEM_TYPES.map((type) => (
                  <Checkbox
                    key={type}
                    value={systemScopeOf(type)}
                    label={t(`systemClients.types.${type}`)}
                    data-testid={`system-client-scope-${type}`}
                  />
                ))}
                <Checkbox
                  value={MEDICATION_REQUEST_WRITE_SCOPE}
                  label={t('systemClients.writeMedicationRequest')}
                  data-testid="system-client-scope-MedicationRequest-write"
                />
              </Stack>
            </Checkbox.Group>
            <Radio.Group label={t('systemClients.method', 'Aanmelden')} {...form.getInputProps('AuthMethod')}>
              <Stack gap={6} mt={6}>
                <Radio
                  value="client_secret"
                  label={t(
                    'systemClients.methodSecret',
                    'Met een geheim dat het portaal maakt (client_secret)',
                  )}
                  data-testid="system-client-method-secret"
                />
                <Radio
                  value="private_key_jwt"
                  label={t(
                    'systemClients.methodKey',
                    'Met een eigen sleutelpaar: u plakt de openbare sleutel (private_key_jwt)',
                  )}
                  data-testid="system-client-method-key"
                />
              </Stack>
            </Radio.Group>
            {form.values.AuthMethod === 'private_key_jwt' && (
              <Textarea
                label={t('systemClients.publicKey', 'Openbare sleutel')}
                description={t(
                  'systemClients.publicKeyHint',
                  'Een JWKS ({"keys": [...]}), één JWK, of een PEM-blok (BEGIN PUBLIC KEY). RSA van minstens 2048 bits of EC (P-256, P-384, P-521); nooit de privésleutel.',
                )}
                required
                rows={6}
                ff="monospace"
                data-testid="system-client-public-key"
                {...form.getInputProps('PublicKey')}
              />
            )}
            <FormActions
              onCancel={onClose}
              submitLabel={t('systemClients.create', 'Aanmaken')}
              loading={create.isPending}
              submitTestId="system-client-submit"
            />
          </Stack>
        </form>
      )}
    </Dialog>
  );
}
