import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Fieldset.css';
import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Select,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { ORDER_UNITS, orderCreateBodySchema, type OrderCreateBodyInput } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { contractResolver, showServerFieldErrors } from '../../../lib/form.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useCatalogueSearch } from '../../../lib/search-catalogue.ts';
import { usePatientSearch } from '../../../lib/search-patients.ts';
import { useCreateOrder } from '../api/orders.ts';
import { Dialog } from '../../../components/dialog.tsx';

type Line = OrderCreateBodyInput['Lines'][number];
const emptyLine = (): Line => ({ MedicationId: null, FreeText: '', Quantity: 1, Unit: 'stuk', Note: '' });

function ProductSelect(props: {
  value: number | null;
  error?: string;
  label: string;
  onChange: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const products = useCatalogueSearch(search).data?.Rows ?? [];
  return (
    <Select
      label={props.label}
      placeholder={t('orders.productPlaceholder', 'Zoek op naam of werkzame stof')}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={products.map((p) => ({ value: String(p.Id), label: p.Name }))}
      value={props.value === null ? null : String(props.value)}
      onChange={(value) => props.onChange(value ? Number(value) : null)}
      error={props.error}
      nothingFoundMessage={t('orders.noProducts', 'Geen producten gevonden')}
      data-testid="order-line-product"
    />
  );
}

/** The care centre's new order: patient (optional), urgent, reason and lines; saved as draft or sent. */
export function NewOrderDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateOrder();
  const [patientSearch, setPatientSearch] = useState('');
  const patients = usePatientSearch(patientSearch).data?.Rows ?? [];
  const form = useForm<OrderCreateBodyInput>({
    initialValues: { PatientId: null, Urgent: false, Reason: '', Lines: [emptyLine()], Send: true },
    validate: contractResolver(orderCreateBodySchema),
  });
  const close = () => {
    form.reset();
    setPatientSearch('');
    onClose();
  };
  const save = (send: boolean) =>
    form.onSubmit((values) => {
      void withFeedback(create.mutateAsync({ ...values, Send: send }), {
        onSuccess: (order) => {
          toastSuccess(
            send
              ? t('orders.created', 'Bestelling {{id}} is verstuurd naar de apotheek.', {
                  id: (order as { Id: number }).Id,
                })
              : t('orders.draftSaved', 'Bestelling {{id}} is bewaard als concept.', {
                  id: (order as { Id: number }).Id,
                }),
          );
          close();
        },
        onError: (error) => {
          showServerFieldErrors(form, error);
          toastError(apiErrorMessage(t, error));
        },
      });
    });

  return (
    <Dialog
      opened={opened}
      onClose={close}
      size="xl"
      title={t('orders.newTitle', 'Nieuwe bestelling')}
      data-testid="new-order-dialog"
    >
      <form onSubmit={save(true)} noValidate>
        <Stack gap="md">
          <Select
            label={t('orders.patient', 'Cliënt (optioneel)')}
            placeholder={t('orders.patientPlaceholder', 'Zoek op naam, BSN of kamer')}
            searchable
            clearable
            searchValue={patientSearch}
            onSearchChange={setPatientSearch}
            data={patients.map((p) => ({
              value: String(p.Id),
              label: `${p.ScreenName} · ${p.DepartmentName}`,
            }))}
            value={form.values.PatientId ? String(form.values.PatientId) : null}
            onChange={(value) => form.setFieldValue('PatientId', value ? Number(value) : null)}
            error={form.errors.PatientId}
            nothingFoundMessage={t('orders.noPatients', 'Geen cliënten gevonden')}
            data-testid="order-patient"
          />
          <Checkbox
            label={t('orders.urgentLabel', 'Spoed')}
            data-testid="order-urgent-input"
            {...form.getInputProps('Urgent', { type: 'checkbox' })}
          />
          <Textarea
            label={t('orders.reasonLabel', 'Reden of toelichting')}
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('Reason')}
            value={form.values.Reason ?? ''}
            data-testid="order-reason"
          />
          {form.values.Lines.map((line, i) => (
            <Fieldset
              key={i}
              legend={t('orders.lineLegend', 'Regel {{n}}', { n: i + 1 })}
              data-testid="order-line"
            >
              <Stack gap="xs">
                <ProductSelect
                  label={t('orders.product', 'Product uit de catalogus')}
                  value={line.MedicationId ?? null}
                  error={form.errors[`Lines.${i}.MedicationId`] as string | undefined}
                  onChange={(id) => form.setFieldValue(`Lines.${i}.MedicationId`, id)}
                />
                <TextInput
                  label={t('orders.freeText', 'Of omschrijving (vrije tekst)')}
                  maxLength={200}
                  {...form.getInputProps(`Lines.${i}.FreeText`)}
                  value={line.FreeText ?? ''}
                  data-testid="order-line-free-text"
                />
                <Group grow align="flex-start">
                  <NumberInput
                    label={t('orders.quantity', 'Aantal')}
                    min={1}
                    max={10000}
                    allowDecimal={false}
                    required
                    {...form.getInputProps(`Lines.${i}.Quantity`)}
                    data-testid="order-line-quantity"
                  />
                  <Select
                    label={t('orders.unit', 'Eenheid')}
                    data={ORDER_UNITS.map((u) => ({ value: u, label: t(`orders.units.${u}`, u) }))}
                    allowDeselect={false}
                    required
                    {...form.getInputProps(`Lines.${i}.Unit`)}
                    data-testid="order-line-unit"
                  />
                </Group>
                <Group align="flex-end" wrap="nowrap">
                  <TextInput
                    style={{ flex: 1 }}
                    label={t('orders.note', 'Opmerking')}
                    maxLength={200}
                    {...form.getInputProps(`Lines.${i}.Note`)}
                    value={line.Note ?? ''}
                  />
                  {form.values.Lines.length > 1 ? (
                    <ActionIcon
                      variant="default"
                      size="lg"
                      onClick={() => form.removeListItem('Lines', i)}
                      aria-label={t('orders.removeLine', 'Regel {{n}} verwijderen', { n: i + 1 })}
                    >
                      ×
                    </ActionIcon>
                  ) : null}
                </Group>
              </Stack>
            </Fieldset>
          ))}
          {typeof form.errors.Lines === 'string' ? (
            <div role="alert" style={{ color: 'var(--mantine-color-red-8)' }}>
              {form.errors.Lines}
            </div>
          ) : null}
          <Group justify="space-between">
            <Button
              variant="default"
              onClick={() => form.insertListItem('Lines', emptyLine())}
              disabled={form.values.Lines.length >= 50}
              data-testid="order-add-line"
            >
              {t('orders.addLine', 'Regel toevoegen')}
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={close}>
                {t('common.cancel', 'Annuleren')}
              </Button>
              <Button
                variant="light"
                onClick={() => save(false)()}
                loading={create.isPending}
                data-testid="order-save-draft"
              >
                {t('orders.saveDraft', 'Bewaar als concept')}
              </Button>
              <Button type="submit" loading={create.isPending} data-testid="order-submit">
                {t('orders.submit', 'Versturen naar apotheek')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
