import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Checkbox.css';
import { useEffect } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  DOSE_HARD_LIMIT_MINUTES,
  DOSE_WINDOW_DEFAULT_MINUTES,
  DOSE_WINDOW_MAX_MINUTES,
  entitySettingsUpdateSchema,
} from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { TableSkeleton } from '../../../components/table-skeleton.tsx';
import { apiErrorMessage, fieldErrors } from '../../../lib/api-errors.ts';
import { contractResolver } from '../../../lib/form.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useEntitySettings, useSaveEntitySettings } from '../api/settings.ts';
import { IntegrationsPanel } from '../components/integrations-panel.tsx';
import { SystemClientsPanel } from '../components/system-clients-panel.tsx';

interface Values {
  WelcomeText: string;
  /** The dose time window (care centres): minutes before and after the planned time. */
  DoseWindowBeforeMinutes: number | string;
  DoseWindowAfterMinutes: number | string;
  /** The care centre's policy for the client's access overview: its own staff named or not. */
  AccessOverviewStaffNames: boolean;
  /** How clients reach the organisation (printed on the doseerkalender). */
  ContactPhone: string;
  ContactEmail: string;
}

const minutesOf = (value: unknown) => (typeof value === 'number' ? value : DOSE_WINDOW_DEFAULT_MINUTES);

/**
 * /management/advanced (Geavanceerd): the organisation's settings as a form of known keys. The identity
 * and the settings that follow the organisation's type are shown read-only; they are not changed here.
 * The second tab holds the Koppelingen (integrations) and their reports.
 */
export default function AdvancedPage() {
  const { t } = useTranslation();
  const settings = useEntitySettings();
  const save = useSaveEntitySettings();
  const form = useForm<Values>({
    initialValues: {
      WelcomeText: '',
      DoseWindowBeforeMinutes: DOSE_WINDOW_DEFAULT_MINUTES,
      DoseWindowAfterMinutes: DOSE_WINDOW_DEFAULT_MINUTES,
      AccessOverviewStaffNames: false,
      ContactPhone: '',
      ContactEmail: '',
    },
    validate: contractResolver<Values>(entitySettingsUpdateSchema),
  });
  const data = settings.data;
  const welcome = typeof data?.WelcomeText === 'string' ? data.WelcomeText : '';
  useEffect(() => {
    if (data) {
      const loaded = {
        WelcomeText: welcome,
        DoseWindowBeforeMinutes: minutesOf(data.DoseWindowBeforeMinutes),
        DoseWindowAfterMinutes: minutesOf(data.DoseWindowAfterMinutes),
        AccessOverviewStaffNames: data.AccessOverviewStaffNames === true,
        ContactPhone: typeof data.ContactPhone === 'string' ? data.ContactPhone : '',
        ContactEmail: typeof data.ContactEmail === 'string' ? data.ContactEmail : '',
      };
      form.setValues(loaded);
      form.resetDirty(loaded);
    }
    // Only when the loaded settings change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  const submit = form.onSubmit((values) => {
    void withFeedback(
      save.mutateAsync({
        WelcomeText: values.WelcomeText.trim() === '' ? null : values.WelcomeText,
        ContactPhone: values.ContactPhone.trim() === '' ? null : values.ContactPhone.trim(),
        ContactEmail: values.ContactEmail.trim() === '' ? null : values.ContactEmail.trim(),
        // Only a care centre administers doses; other organisations do not send the window.
        ...(data?.CareCenter
          ? {
              DoseWindowBeforeMinutes: Number(values.DoseWindowBeforeMinutes),
              DoseWindowAfterMinutes: Number(values.DoseWindowAfterMinutes),
              AccessOverviewStaffNames: values.AccessOverviewStaffNames,
            }
          : {}),
      }),
      {
        onSuccess: () => toastSuccess(t('advanced.saved', 'De instellingen zijn opgeslagen.')),
        onError: (error) => form.setErrors(fieldErrors(error)),
      },
    );
  });

  const type = typeof data?.Type === 'string' ? data.Type : '';

  const settingsForm = settings.isPending ? (
    <TableSkeleton />
  ) : settings.isError ? (
    <LoadError
      message={t('advanced.loadError', 'De instellingen konden niet worden geladen.')}
      detail={apiErrorMessage(t, settings.error)}
      onRetry={() => void settings.refetch()}
    />
  ) : (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Fieldset legend={t('advanced.organisation', 'Organisatie')}>
          <Stack gap="sm">
            <TextInput
              label={t('advanced.name', 'Naam')}
              value={data!.Name}
              readOnly
              data-testid="advanced-name"
            />
            <TextInput
              label={t('advanced.type', 'Soort organisatie')}
              value={type ? t(`entityType.${type}`) : ''}
              readOnly
            />
            {data!.PharmacyIdentifier ? (
              <TextInput
                label={t('advanced.pharmacyIdentifier', 'Apotheekcode')}
                value={data!.PharmacyIdentifier}
                readOnly
              />
            ) : null}
            <Text fz="sm" c="dimmed">
              {t(
                'advanced.derivedHint',
                'Naam, soort en apotheekcode volgen uit de registratie van de organisatie en zijn hier niet te wijzigen.',
              )}
            </Text>
          </Stack>
        </Fieldset>
        <Fieldset legend={t('advanced.portal', 'Portaal')}>
          <Textarea
            label={t('advanced.welcomeText', 'Welkomsttekst')}
            description={t(
              'advanced.welcomeTextHint',
              'Getoond aan de medewerkers van uw organisatie; maximaal 2000 tekens.',
            )}
            autosize
            minRows={3}
            maxLength={2000}
            data-testid="advanced-welcome-text"
            {...form.getInputProps('WelcomeText')}
          />
        </Fieldset>
        <Fieldset legend={t('advanced.contact', 'Contactgegevens')} data-testid="advanced-contact">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('advanced.contactPhone', 'Telefoonnummer')}
                type="tel"
                autoComplete="tel"
                maxLength={30}
                data-testid="advanced-contact-phone"
                {...form.getInputProps('ContactPhone')}
              />
              <TextInput
                label={t('advanced.contactEmail', 'E-mailadres')}
                type="email"
                autoComplete="email"
                maxLength={254}
                data-testid="advanced-contact-email"
                {...form.getInputProps('ContactEmail')}
              />
            </SimpleGrid>
            <Text fz="sm" c="dimmed">
              {t(
                'advanced.contactHint',
                'Hoe cliënten uw organisatie bereiken: dit staat op wat zij meekrijgen, zoals de doseerkalender.',
              )}
            </Text>
          </Stack>
        </Fieldset>
        {data!.CareCenter ? (
          <Fieldset
            legend={t('advanced.doseWindow', 'Tijdvenster toediening')}
            data-testid="advanced-dose-window"
          >
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberInput
                  label={t('advanced.doseWindowBefore', 'Minuten vóór de geplande tijd')}
                  min={0}
                  max={DOSE_WINDOW_MAX_MINUTES}
                  allowDecimal={false}
                  data-testid="advanced-dose-window-before"
                  {...form.getInputProps('DoseWindowBeforeMinutes')}
                />
                <NumberInput
                  label={t('advanced.doseWindowAfter', 'Minuten na de geplande tijd')}
                  min={0}
                  max={DOSE_WINDOW_MAX_MINUTES}
                  allowDecimal={false}
                  data-testid="advanced-dose-window-after"
                  {...form.getInputProps('DoseWindowAfterMinutes')}
                />
              </SimpleGrid>
              <Text fz="sm" c="dimmed">
                {t(
                  'advanced.doseWindowHint',
                  'Binnen dit venster registreert een zorgverlener "Gegeven" met één tik. Daarbuiten bevestigt hij met de reden "eerder gegeven" of "later gegeven"; meer dan {{hours}} uur ervoor of erna weigert het portaal. Standaard {{default}} minuten, hoogstens {{max}}.',
                  {
                    hours: DOSE_HARD_LIMIT_MINUTES / 60,
                    default: DOSE_WINDOW_DEFAULT_MINUTES,
                    max: DOSE_WINDOW_MAX_MINUTES,
                  },
                )}
              </Text>
            </Stack>
          </Fieldset>
        ) : null}
        {data!.CareCenter ? (
          <Fieldset
            legend={t('advanced.accessOverview', 'Inzageoverzicht voor cliënten')}
            data-testid="advanced-access-overview"
          >
            <Checkbox
              label={t(
                'advanced.accessOverviewStaffNames',
                'Namen van onze medewerkers tonen in "Wie heeft dit dossier ingezien"',
              )}
              description={t(
                'advanced.accessOverviewStaffNamesHint',
                'Standaard staan alleen de organisatie en de rol erin. Medewerkers van andere organisaties worden nooit met naam genoemd.',
              )}
              data-testid="advanced-access-staff-names"
              {...form.getInputProps('AccessOverviewStaffNames', { type: 'checkbox' })}
            />
          </Fieldset>
        ) : null}
        {save.isError && Object.keys(fieldErrors(save.error)).length === 0 && (
          <Alert color="red" role="alert">
            {apiErrorMessage(t, save.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={save.isPending}
            disabled={!form.isDirty()}
            data-testid="advanced-save"
          >
            {t('common.save', 'Opslaan')}
          </Button>
        </Group>
      </Stack>
    </form>
  );

  return (
    <Stack gap="md" maw={1100}>
      <PageHeading title={t('routes.advanced', 'Geavanceerd')} />
      <Tabs defaultValue="settings" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="settings" data-testid="advanced-tab-settings">
            {t('advanced.settingsTab', 'Instellingen')}
          </Tabs.Tab>
          <Tabs.Tab value="integrations" data-testid="advanced-tab-integrations">
            {t('advanced.integrationsTab', 'Koppelingen')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="settings" pt="md" maw={720}>
          {settingsForm}
        </Tabs.Panel>
        <Tabs.Panel value="integrations" pt="md">
          <Stack gap="xl">
            <IntegrationsPanel organisationName={data?.Name} />
            <SystemClientsPanel />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
