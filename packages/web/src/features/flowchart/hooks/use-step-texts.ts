import { useTranslation } from 'react-i18next';
import type { Flowchart, FlowchartStep } from '@zorgportaal/contract';

export interface StepText {
  key: FlowchartStep;
  label: string;
  caption: string;
  count: number;
  detail?: string;
}

/** The step texts: label, what the count means, and the register step's split. */
export function useStepTexts(flowchart: Flowchart): StepText[] {
  const { t } = useTranslation();
  const captions: Record<FlowchartStep, string> = {
    prescribe: t('administration.flowchart.caption.prescribe', 'actieve afspraken'),
    pharmacy_check: t('administration.flowchart.caption.pharmacyCheck', 'nieuw of gewijzigd, 7 dagen'),
    dispense_gds: t('administration.flowchart.caption.dispense', 'afspraken'),
    dispense_loose: t('administration.flowchart.caption.dispense', 'afspraken'),
    administer: t('administration.flowchart.caption.administer', 'geplande momenten'),
    register: t('administration.flowchart.caption.register', 'registraties'),
  };
  return flowchart.Steps.map((step) => ({
    key: step.Key,
    label: t(`flowchartStep.${step.Key}`),
    caption: captions[step.Key],
    count: step.Count,
    detail: step.Detail
      ? t(
          'administration.flowchart.detail',
          '{{given}} gegeven · {{deviations}} afwijking · {{awaiting}} wacht op controle',
          {
            given: step.Detail.given ?? 0,
            deviations: step.Detail.deviations ?? 0,
            awaiting: step.Detail.awaitingDoubleCheck ?? 0,
          },
        )
      : undefined,
  }));
}
