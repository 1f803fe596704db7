import { z } from 'zod';
import { ENTITY_TYPES } from './constants.ts';
import { bodyId, idSchema, text } from './fields.ts';

/** Zorgnetwerk (domain.md NetworkLink, FHIR OrganizationAffiliation). */
export const NETWORK_ROLES = ['supplies', 'gp', 'anticoagulation'] as const;
export type NetworkRole = (typeof NETWORK_ROLES)[number];

/** Which organisation types may stand on each side of a link. */
export const NETWORK_ROLE_SIDES: Record<
  NetworkRole,
  { from: readonly (typeof ENTITY_TYPES)[number][]; to: readonly (typeof ENTITY_TYPES)[number][] }
> = {
  supplies: { from: ['pharmacy'], to: ['carecenter', 'customer'] },
  gp: { from: ['customer'], to: ['carecenter', 'customer'] },
  anticoagulation: { from: ['customer'], to: ['carecenter', 'customer'] },
};

/** An organisation as others see it (GET /api/global/entities). */
export const entitySummarySchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Type: z.enum(ENTITY_TYPES),
  Agb: z.string().nullable(),
});
export type EntitySummary = z.infer<typeof entitySummarySchema>;
export const entitySummaryListSchema = z.array(entitySummarySchema);

export const networkLinkSchema = z.object({
  Id: z.number().int(),
  From: entitySummarySchema,
  To: entitySummarySchema,
  Role: z.enum(NETWORK_ROLES),
  Active: z.boolean(),
  /** The organisation that proposed the link; only the other side can make it active. */
  ProposedBy: z.number().int(),
  /**
   * True when the caller's organisation may activate it now: the link is inactive and either the caller's
   * organisation ended it, or it is a proposal (never ended) from the other side.
   */
  CanActivate: z.boolean(),
  /** The organisation that ended the link (only it may activate it again), and when; null while never ended. */
  DeactivatedBy: z.number().int().nullable(),
  DeactivatedAt: z.string().nullable(),
  /** True when the other side ended it: the caller's organisation may ask again with a new proposal. */
  CanPropose: z.boolean(),
});
export type NetworkLink = z.infer<typeof networkLinkSchema>;

export const networkDepartmentSchema = z.object({ Id: z.number().int(), Name: z.string() });
export const networkLocationSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Departments: z.array(networkDepartmentSchema),
});

/** GET /api/network: the caller's organisation, its locations and departments, and its links. */
export const networkSchema = z.object({
  Entity: entitySummarySchema,
  Locations: z.array(networkLocationSchema),
  Links: z.array(networkLinkSchema),
});
export type Network = z.infer<typeof networkSchema>;

/**
 * POST /api/network/links: one side must be the caller's own organisation. The same body on a link the
 * other side ended is a new proposal. A link is always proposed inactive: `Active` is an unknown field (400).
 */
export const networkLinkCreateSchema = z.strictObject({
  FromEntityId: bodyId('Kies een organisatie.'),
  ToEntityId: bodyId('Kies een organisatie.'),
  Role: z.enum(NETWORK_ROLES, { error: 'Kies een rol.' }),
});
export type NetworkLinkCreate = z.infer<typeof networkLinkCreateSchema>;

export const networkLinkUpdateSchema = z.strictObject({
  Active: z.boolean({ error: 'Kies actief of niet actief.' }),
});

export const organisationSearchQuerySchema = z.object({
  q: text().trim().max(100, 'Maximaal 100 tekens.').optional(),
});

export const networkLinkParamSchema = z.object({ id: idSchema });
