import { agreementStopBodySchema, type StopType } from '@zorgportaal/contract';
import { contractResolver } from '../../../lib/form.ts';

export interface StopValues {
  StopType: StopType;
  Reason: string;
  /** YYYY-MM-DD, or '' for now. */
  StopAt: string;
}

/** The request body: an empty stop date is left out, so the server stops the agreement now. */
export const stopBody = ({ StopAt, ...values }: StopValues) => ({ ...values, ...(StopAt ? { StopAt } : {}) });

const resolveBody = contractResolver<ReturnType<typeof stopBody>>(agreementStopBodySchema);

/** The stop dialog's validate: the body it would send, checked by the contract schema the server uses. */
export const resolveStop = (values: StopValues) => resolveBody(stopBody(values));
