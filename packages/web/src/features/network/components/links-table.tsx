import '@mantine/core/styles/Table.css';
import { Button, Group, Table, Text } from '@mantine/core';
import type { NetworkLink } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import stacked from '../../../components/stacked-table.module.css';
import { TableHead } from '../../../components/table-head.tsx';

interface LinksTableProps {
  links: NetworkLink[];
  mayManage: boolean;
  busyId: number | null;
  onActivate: (link: NetworkLink) => void;
  onDeactivate: (link: NetworkLink) => void;
  onRemove: (link: NetworkLink) => void;
  /** Propose again a link the other side ended (only that side can activate it). */
  onPropose: (link: NetworkLink) => void;
}

/** The name of the organisation that ended the link (one of its two sides). */
const deactivatorName = (link: NetworkLink): string =>
  link.DeactivatedBy === link.From.Id ? link.From.Name : link.To.Name;

/** The network links as a list: who, what role for whom, status in words; actions for a Beheerder. */
export function LinksTable({
  links,
  mayManage,
  busyId,
  onActivate,
  onDeactivate,
  onRemove,
  onPropose,
}: LinksTableProps) {
  const { t } = useTranslation();
  const status = (link: NetworkLink) =>
    link.Active
      ? t('network.statusActive', 'Actief')
      : link.DeactivatedBy !== null && link.DeactivatedAt
        ? t('network.statusDeactivated', 'Gedeactiveerd door {{name}} op {{date}}', {
            name: deactivatorName(link),
            date: formatDateTime(link.DeactivatedAt),
          })
        : link.CanActivate
          ? t('network.statusToConfirm', 'Wacht op uw bevestiging')
          : t('network.statusInactive', 'Niet actief of wacht op bevestiging');
  const columns = {
    from: t('network.from', 'Organisatie'),
    role: t('network.role', 'Rol'),
    to: t('network.to', 'Voor'),
    status: t('network.status', 'Status'),
    ...(mayManage ? { actions: t('network.actions', 'Acties') } : {}),
  };
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs" className={stacked.table} data-testid="network-links">
        <Table.Caption>{t('network.linksCaption', 'Koppelingen in het zorgnetwerk')}</Table.Caption>
        <TableHead columns={columns} />
        <Table.Tbody>
          {links.map((link) => (
            <Table.Tr key={link.Id} data-testid="network-link" data-link-id={link.Id}>
              <Table.Td>{link.From.Name}</Table.Td>
              <Table.Td data-label={columns.role}>{t(`networkRole.${link.Role}`)}</Table.Td>
              <Table.Td data-label={columns.to}>{link.To.Name}</Table.Td>
              <Table.Td data-label={columns.status} data-testid="network-link-status">
                <span>{status(link)}</span>
                {link.CanPropose && (
                  <Text fz="sm" c="dimmed" data-testid="network-link-consent">
                    {t(
                      'network.onlyTheyReactivate',
                      'Alleen {{name}} kan deze koppeling weer activeren. U kunt haar opnieuw voorstellen; zij wordt actief zodra {{name}} het voorstel bevestigt.',
                      { name: deactivatorName(link) },
                    )}
                  </Text>
                )}
              </Table.Td>
              {mayManage && (
                <Table.Td data-full>
                  <Group gap="xs" wrap="wrap">
                    {link.CanActivate && (
                      <Button
                        size="compact-sm"
                        loading={busyId === link.Id}
                        onClick={() => onActivate(link)}
                        data-testid="network-link-activate"
                      >
                        {link.DeactivatedBy === null
                          ? t('network.activate', 'Bevestigen')
                          : t('network.reactivate', 'Activeren')}
                      </Button>
                    )}
                    {link.CanPropose && (
                      <Button
                        size="compact-sm"
                        loading={busyId === link.Id}
                        onClick={() => onPropose(link)}
                        data-testid="network-link-propose"
                      >
                        {t('network.proposeAgain', 'Opnieuw voorstellen')}
                      </Button>
                    )}
                    {link.Active && (
                      <Button
                        size="compact-sm"
                        variant="default"
                        loading={busyId === link.Id}
                        onClick={() => onDeactivate(link)}
                        data-testid="network-link-deactivate"
                      >
                        {t('network.deactivate', 'Deactiveren')}
                      </Button>
                    )}
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="red"
                      onClick={() => onRemove(link)}
                      data-testid="network-link-remove"
                    >
                      {t('network.remove', 'Verwijderen')}
                    </Button>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
