import '@mantine/core/styles/Badge.css';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlannedMoment } from '@zorgportaal/contract';

/**
 * GDS or loose, double check needed (risk category), self-managed, an interim change of the patient's Baxter
 * roll (check the roll against the agreements) and a missing eTDR consent.
 */
export function MomentBadges({ moment }: { moment: PlannedMoment }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="wrap">
      <Badge
        variant="outline"
        color={moment.DistributionForm === 'gds' ? 'blue.8' : 'gray.7'}
        data-testid="distribution-badge"
      >
        {t(`distributionForm.${moment.DistributionForm}`)}
      </Badge>
      {moment.DoubleCheckRequired ? (
        <Badge color="orange.9" variant="filled" data-testid="double-check-badge">
          {t('administration.doubleCheckNeeded', 'Dubbele controle nodig')}
          {moment.RiskCategories.length > 0
            ? ` (${moment.RiskCategories.map((category) => t(`riskCategory.${category}`)).join(', ')})`
            : ''}
        </Badge>
      ) : null}
      {moment.SelfManaged ? (
        <Badge color="gray.7" variant="outline">
          {t('administration.selfManaged', 'Beheert zelf')}
        </Badge>
      ) : null}
      {moment.InterimChange ? (
        <Badge color="orange.9" variant="outline" data-testid="interim-change-badge">
          {t('administration.interimChange', 'Tussentijdse wijziging')}
        </Badge>
      ) : null}
      {moment.ConsentMissing ? (
        <Badge color="red.8" variant="outline" data-testid="consent-missing-badge">
          {t('administration.consentMissing', 'Geen toestemming eTDR')}
        </Badge>
      ) : null}
    </Group>
  );
}
