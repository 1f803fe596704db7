import { z } from 'zod';
import { isoDateSchema } from './dates.ts';
import { pageQueryShape, pageShape, queryBool } from './admin-fields.ts';
import { bodyId, bodyIdSchema, boundedInt, idSchema, multilineText, text } from './fields.ts';

/** Orders (bestellingen) from a care centre to the pharmacy that supplies it (domain.md "Orders and Baxter"). */

/** The order statuses, exactly as the spec's status update call sends them. */
export const ORDER_STATUSES = ['in_progress', 'approved', 'declined', 'canceled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** What the pharmacy may set with POST /api/medication/pharmacy/order/. */
export const PHARMACY_ORDER_STATUSES = ['in_progress', 'approved', 'declined'] as const;
/** An order not decided within this many days after it was sent expires. */
export const ORDER_EXPIRY_DAYS = 7;

/**
 * The legal transitions. `in_progress` is the open state; `declined` may be reconsidered (back to
 * `in_progress`); `approved` is handed to dispatch and, like `canceled` and `expired`, final.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  in_progress: ['approved', 'declined', 'canceled', 'expired'],
  declined: ['in_progress'],
  approved: [],
  canceled: [],
  expired: [],
};
export const isLegalOrderTransition = (from: OrderStatus, to: OrderStatus): boolean =>
  ORDER_TRANSITIONS[from].includes(to);

export const REASON_REQUIRED_MESSAGE = 'Vul een reden in.';
const reasonText = multilineText().trim().max(500, 'De reden mag maximaal 500 tekens zijn.');

/** POST /api/medication/pharmacy/order/ (spec §3 "Order status update": id, entity, status, reason). */
export const orderStatusUpdateSchema = z
  .object({
    id: bodyIdSchema,
    /** The ordering care centre's entity id; must be the order's. */
    entity: bodyIdSchema,
    status: z.enum(PHARMACY_ORDER_STATUSES, { error: 'Kies een geldige status.' }),
    reason: reasonText
      .nullable()
      .optional()
      .transform((value) => value || null),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'declined' && !body.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: REASON_REQUIRED_MESSAGE });
  });
export type OrderStatusUpdateInput = z.input<typeof orderStatusUpdateSchema>;

export const ORDER_UNITS = [
  'stuk',
  'tablet',
  'capsule',
  'ml',
  'flacon',
  'verpakking',
  'zakje',
  'pen',
] as const;

/** One line of a new order: a catalogue product or free text, quantity and unit. */
export const orderLineBodySchema = z
  .strictObject({
    MedicationId: bodyId('Kies een product.').nullable().optional().default(null),
    FreeText: text()
      .trim()
      .max(200, 'De omschrijving mag maximaal 200 tekens zijn.')
      .nullable()
      .optional()
      .transform((value) => value || null),
    Quantity: z
      .number({ error: 'Vul een aantal in.' })
      .int('Vul een heel aantal in.')
      .min(1, 'Het aantal moet minstens 1 zijn.')
      .max(10_000, 'Het aantal mag maximaal 10.000 zijn.'),
    Unit: z.enum(ORDER_UNITS, { error: 'Kies een eenheid.' }),
    Note: text()
      .trim()
      .max(200, 'De opmerking mag maximaal 200 tekens zijn.')
      .nullable()
      .optional()
      .transform((value) => value || null),
  })
  .superRefine((line, ctx) => {
    if (line.MedicationId === null && !line.FreeText)
      ctx.addIssue({
        code: 'custom',
        path: ['FreeText'],
        message: 'Kies een product of vul een omschrijving in.',
      });
  });

/** POST /api/medication/healthcare_provider/order: a new order (a draft unless Send is true). */
export const orderCreateBodySchema = z.strictObject({
  PatientId: bodyId('Kies een cliënt.').nullable().optional().default(null),
  /** Required when there is no patient; with a patient, the patient's department. */
  DepartmentId: bodyId('Kies een afdeling.').nullable().optional().default(null),
  Urgent: z.boolean().optional().default(false),
  Reason: reasonText
    .nullable()
    .optional()
    .transform((value) => value || null),
  Lines: z
    .array(orderLineBodySchema, { error: 'Voeg minstens één regel toe.' })
    .min(1, 'Voeg minstens één regel toe.')
    .max(50, 'Een bestelling heeft maximaal 50 regels.'),
  Send: z.boolean().optional().default(true),
});
export type OrderCreateBody = z.infer<typeof orderCreateBodySchema>;
export type OrderCreateBodyInput = z.input<typeof orderCreateBodySchema>;

/** POST …/order/{id}/cancel: an optional reason. */
export const orderCancelBodySchema = z.strictObject({
  Reason: reasonText
    .nullable()
    .optional()
    .transform((value) => value || null),
});

export const orderIdParamsSchema = z.object({ id: idSchema });

/** Both order lists: filters, newest first (urgent open orders first), paged like the other lists. */
export const orderListQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  /** Period on the creation date (Dutch days), inclusive. */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  departmentId: idSchema.optional(),
  patientId: idSchema.optional(),
  urgent: queryBool.optional(),
  /** Care centre list only: include its drafts (default true); the pharmacy never sees drafts. */
  drafts: queryBool.optional(),
  ...pageQueryShape,
  pageSize: boundedInt(1, 100).default(25),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;
export type OrderListQueryInput = z.input<typeof orderListQuerySchema>;

const namedRef = z.object({ Id: z.number().int(), Name: z.string() });

export const orderLineSchema = z.object({
  Id: z.number().int(),
  Medication: namedRef.nullable(),
  FreeText: z.string().nullable(),
  Quantity: z.number().int(),
  Unit: z.string(),
  Note: z.string().nullable(),
});

export const orderHistorySchema = z.object({
  At: z.string(),
  /** Username; null for the expiry job. */
  By: z.string().nullable(),
  From: z.enum(ORDER_STATUSES).nullable(),
  To: z.enum(ORDER_STATUSES),
  /** True for the entry that sent a draft. */
  Sent: z.boolean(),
  Reason: z.string().nullable(),
});

export const orderSchema = z.object({
  Id: z.number().int(),
  /** The ordering care centre. */
  Entity: namedRef,
  Pharmacy: namedRef,
  Status: z.enum(ORDER_STATUSES),
  /** A draft is not sent yet: only the care centre sees it. */
  Draft: z.boolean(),
  Urgent: z.boolean(),
  Patient: namedRef.nullable(),
  Department: namedRef.nullable(),
  Lines: z.array(orderLineSchema),
  /** The care centre's reason for the order. */
  Reason: z.string().nullable(),
  /** The reason given with the latest status change (a decline's reason). */
  DecisionReason: z.string().nullable(),
  CreatedAt: z.string(),
  CreatedBy: z.string().nullable(),
  SentAt: z.string().nullable(),
  /** When an open order expires (SentAt + 7 days); null when not open or not sent. */
  ExpiresAt: z.string().nullable(),
  History: z.array(orderHistorySchema),
});
export type Order = z.infer<typeof orderSchema>;

export const orderPageSchema = z.object({ Rows: z.array(orderSchema), ...pageShape });
export type OrderPage = z.infer<typeof orderPageSchema>;
