import '@mantine/core/styles/Combobox.css';
import { useState } from 'react';
import { Alert, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  NETWORK_ROLES,
  NETWORK_ROLE_SIDES,
  type EntitySummary,
  type NetworkRole,
} from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, fieldErrors } from '../../../lib/api-errors.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useCreateLink, useOrganisations } from '../api/network.ts';
import { FormActions } from '../../../components/form-actions.tsx';
import { Dialog } from '../../../components/dialog.tsx';

/** The roles the own organisation can take part in, and on which side it stands. */
export function ownSide(role: NetworkRole, own: EntitySummary): 'from' | 'to' | null {
  const sides = NETWORK_ROLE_SIDES[role];
  if (sides.from.includes(own.Type)) return 'from';
  if (sides.to.includes(own.Type)) return 'to';
  return null;
}

/** Propose a link: the role, and the other organisation; the other side confirms it. */
export function AddLinkDialog({
  opened,
  own,
  onClose,
}: {
  opened: boolean;
  own: EntitySummary;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const roles = NETWORK_ROLES.filter((role) => ownSide(role, own) !== null);
  const [role, setRole] = useState<NetworkRole | null>(null);
  const [other, setOther] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const organisations = useOrganisations(q, opened);
  const create = useCreateLink();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const side = role ? ownSide(role, own) : null;
  const candidates = (organisations.data ?? []).filter((o) => {
    if (o.Id === own.Id || !role || !side) return o.Id !== own.Id;
    const sides = NETWORK_ROLE_SIDES[role];
    return (side === 'from' ? sides.to : sides.from).includes(o.Type);
  });

  const close = () => {
    setRole(null);
    setOther(null);
    setSearch('');
    setErrors({});
    create.reset();
    onClose();
  };

  const submit = () => {
    const missing: Record<string, string> = {};
    if (!role) missing.Role = t('network.roleRequired', 'Kies een rol.');
    if (!other) missing.Other = t('network.otherRequired', 'Kies een organisatie.');
    setErrors(missing);
    if (!role || !other || !side) return;
    const otherId = Number(other);
    void withFeedback(
      create.mutateAsync({
        Role: role,
        FromEntityId: side === 'from' ? own.Id : otherId,
        ToEntityId: side === 'from' ? otherId : own.Id,
      }),
      {
        onSuccess: () => {
          toastSuccess(
            t('network.proposed', 'De koppeling is voorgesteld; de andere organisatie moet haar bevestigen.'),
          );
          close();
        },
        onError: (error) => {
          const fields = fieldErrors(error);
          if (fields.FromEntityId || fields.ToEntityId)
            setErrors({ Other: fields.FromEntityId ?? fields.ToEntityId ?? '' });
        },
      },
    );
  };

  return (
    <Dialog
      opened={opened}
      onClose={close}
      title={t('network.addTitle', 'Koppeling voorstellen')}
      centered
      data-testid="network-add-dialog"
    >
      <Stack gap="md">
        <Select
          label={t('network.role', 'Rol')}
          required
          value={role}
          onChange={(value) => {
            setRole(value as NetworkRole | null);
            setOther(null);
          }}
          data={roles.map((value) => ({
            value,
            label:
              ownSide(value, own) === 'from'
                ? t('network.roleWeAre', 'Wij zijn {{role}} voor …', { role: t(`networkRole.${value}`) })
                : t('network.roleTheyAre', '… is {{role}} voor ons', { role: t(`networkRole.${value}`) }),
          }))}
          error={errors.Role}
          data-testid="network-add-role"
        />
        <Select
          label={t('network.other', 'Organisatie')}
          required
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          value={other}
          onChange={setOther}
          nothingFoundMessage={t('network.noOrganisations', 'Geen organisaties gevonden.')}
          data={candidates.map((o) => ({
            value: String(o.Id),
            label: o.Agb ? `${o.Name} (AGB ${o.Agb})` : o.Name,
          }))}
          error={errors.Other}
          data-testid="network-add-other"
        />
        <Text fz="sm" c="dimmed">
          {t(
            'network.confirmHint',
            'De koppeling geeft pas toegang als de andere organisatie haar bevestigt.',
          )}
        </Text>
        {create.isError && Object.keys(fieldErrors(create.error)).length === 0 && (
          <Alert color="red" role="alert">
            {apiErrorMessage(t, create.error)}
          </Alert>
        )}
        <FormActions
          onCancel={close}
          submitLabel={t('network.propose', 'Voorstellen')}
          loading={create.isPending}
          submitTestId="network-add-submit"
          onSubmit={submit}
          gap="sm"
        />
      </Stack>
    </Dialog>
  );
}
