import { useState } from 'react';
import '@mantine/core/styles/SimpleGrid.css';
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { NetworkLink } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyMessage } from '../../../components/empty-message.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { TableSkeleton } from '../../../components/table-skeleton.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { hasPermission } from '../../../lib/session.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useCreateLink, useDeleteLink, useNetwork, useSetLinkActive } from '../api/network.ts';
import { AddLinkDialog } from '../components/add-link-dialog.tsx';
import { LinksTable } from '../components/links-table.tsx';
import { NetworkGraph } from '../components/network-graph.tsx';

/** /healthcare/infrastructure (Zorgnetwerk): the own organisation, its locations and its links, as a graph and a list. */
export default function NetworkPage() {
  const { t } = useTranslation();
  const mayManage = hasPermission('settings.manage');
  const network = useNetwork();
  const setActive = useSetLinkActive();
  const remove = useDeleteLink();
  const repropose = useCreateLink();
  const [proposing, setProposing] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<NetworkLink | null>(null);
  // Deactivating cuts the partner's access to what the link shares at once: asked first.
  const [deactivating, setDeactivating] = useState<NetworkLink | null>(null);

  const toggle = (link: NetworkLink, active: boolean) =>
    void withFeedback(setActive.mutateAsync({ id: link.Id, active }), {
      onSuccess: () =>
        toastSuccess(
          active
            ? t('network.activated', 'De koppeling is actief.')
            : t('network.deactivated', 'De koppeling is gedeactiveerd.'),
        ),
      onError: (error) => toastError(apiErrorMessage(t, error)),
    });

  /** The same link again as a new proposal: the side that ended it decides. */
  const proposeAgain = (link: NetworkLink) => {
    setProposing(link.Id);
    void withFeedback(
      repropose.mutateAsync({ FromEntityId: link.From.Id, ToEntityId: link.To.Id, Role: link.Role }),
      {
        onSuccess: () =>
          toastSuccess(
            t(
              'network.reproposed',
              'De koppeling is opnieuw voorgesteld; de andere organisatie moet haar bevestigen.',
            ),
          ),
        onError: (error) => toastError(apiErrorMessage(t, error)),
      },
    );
  };

  const onRemove = () => {
    if (!removing) return;
    void withFeedback(remove.mutateAsync(removing.Id), {
      onSuccess: () => {
        toastSuccess(t('network.removed', 'De koppeling is verwijderd.'));
        setRemoving(null);
      },
      onError: (error) => toastError(apiErrorMessage(t, error)),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <PageHeading title={t('routes.network', 'Zorgnetwerk')} />
        {mayManage && network.data && (
          <Button onClick={() => setAdding(true)} data-testid="network-add">
            {t('network.add', 'Koppeling voorstellen')}
          </Button>
        )}
      </Group>
      {network.isPending ? (
        <TableSkeleton data-testid="network-skeleton" />
      ) : network.isError ? (
        <LoadError
          message={t('network.loadError', 'Het zorgnetwerk kon niet worden geladen.')}
          detail={apiErrorMessage(t, network.error)}
          onRetry={() => void network.refetch()}
        />
      ) : (
        <SimpleGrid cols={1} spacing="md">
          <div>
            <NetworkGraph
              network={network.data}
              label={t(
                'network.graphLabel',
                'Grafiek van het zorgnetwerk van {{name}}; dezelfde gegevens staan in de lijst.',
                {
                  name: network.data.Entity.Name,
                },
              )}
            />
          </div>
          <div>
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('network.linksTitle', 'Koppelingen')}
              </Title>
              {network.data.Links.length === 0 ? (
                <EmptyMessage title={t('network.empty', 'Er zijn nog geen koppelingen.')} />
              ) : (
                <LinksTable
                  links={network.data.Links}
                  mayManage={mayManage}
                  busyId={
                    setActive.isPending
                      ? (setActive.variables?.id ?? null)
                      : repropose.isPending
                        ? proposing
                        : null
                  }
                  onActivate={(link) => toggle(link, true)}
                  onDeactivate={setDeactivating}
                  onRemove={setRemoving}
                  onPropose={proposeAgain}
                />
              )}
              <Title order={2} size="h4">
                {t('network.locationsTitle', 'Locaties en afdelingen')}
              </Title>
              {network.data.Locations.length === 0 ? (
                <Text fz="sm">{t('network.noLocations', 'Deze organisatie heeft geen locaties.')}</Text>
              ) : (
                <ul data-testid="network-locations">
                  {network.data.Locations.map((loc) => (
                    <li key={loc.Id}>
                      {loc.Name}
                      {loc.Departments.length > 0 && `: ${loc.Departments.map((d) => d.Name).join(', ')}`}
                    </li>
                  ))}
                </ul>
              )}
            </Stack>
          </div>
        </SimpleGrid>
      )}
      {network.data && (
        <AddLinkDialog opened={adding} own={network.data.Entity} onClose={() => setAdding(false)} />
      )}
      <ConfirmDialog
        opened={deactivating !== null}
        title={t('network.deactivateTitle', 'Koppeling deactiveren')}
        confirmLabel={t('network.deactivate', 'Deactiveren')}
        color="red"
        loading={setActive.isPending}
        onConfirm={() => {
          if (deactivating) toggle(deactivating, false);
          setDeactivating(null);
        }}
        onCancel={() => setDeactivating(null)}
      >
        <Text data-testid="network-deactivate-question">
          {deactivating
            ? t(
                'network.deactivateQuestion',
                'De koppeling {{from}} – {{to}} deactiveren? Zolang zij niet actief is, delen de organisaties via deze koppeling geen gegevens. Alleen uw organisatie kan haar daarna weer activeren.',
                { from: deactivating.From.Name, to: deactivating.To.Name },
              )
            : ''}
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={removing !== null}
        title={t('network.removeTitle', 'Koppeling verwijderen')}
        confirmLabel={t('network.remove', 'Verwijderen')}
        color="red"
        loading={remove.isPending}
        onConfirm={onRemove}
        onCancel={() => setRemoving(null)}
      >
        <Text>
          {removing
            ? t(
                'network.removeQuestion',
                'De koppeling {{from}} – {{to}} verwijderen? Beide organisaties zien haar dan niet meer.',
                {
                  from: removing.From.Name,
                  to: removing.To.Name,
                },
              )
            : ''}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
