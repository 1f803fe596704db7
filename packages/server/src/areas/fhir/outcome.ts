import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../platform/errors.ts';
import { isDatabaseUnavailable, isDataException } from '../../platform/plugins/database-errors.ts';

/** The one content type of the FHIR interface (FHIR R4 §3.1.0.1.7). */
export const FHIR_JSON = 'application/fhir+json; charset=utf-8';

type IssueCode = OperationOutcomeIssue['code'];

/** An error a FHIR route throws on purpose: answered as an OperationOutcome with this status. */
export class FhirError extends Error {
  constructor(
    readonly statusCode: number,
    readonly issueCode: IssueCode,
    message: string,
    /** The search parameter or element the issue is about (OperationOutcome.issue.expression). */
    readonly expression?: string,
  ) {
    super(message);
  }
}

/** 400: a search parameter we do not support, or a value we cannot read. Never silently ignored. */
export const invalidParameter = (name: string, message: string): FhirError =>
  new FhirError(400, 'invalid', message, name);
export const notSupported = (name: string, message: string): FhirError =>
  new FhirError(400, 'not-supported', message, name);
/** 404: missing and out of scope look the same (tenant isolation, security.md). */
export const resourceNotFound = (type: string, id: string): FhirError =>
  new FhirError(404, 'not-found', `${type}/${id} is not known.`);

export function operationOutcome(
  severity: OperationOutcomeIssue['severity'],
  code: IssueCode,
  diagnostics: string,
  expression?: string,
): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity, code, diagnostics, ...(expression ? { expression: [expression] } : {}) }],
  };
}

const ISSUE_OF_STATUS: Record<number, IssueCode> = {
  400: 'invalid',
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  405: 'not-supported',
  406: 'not-supported',
  413: 'too-costly',
  414: 'too-costly',
  415: 'not-supported',
  429: 'throttled',
};

/** Any error of a FHIR route → status and OperationOutcome; 5xx carries no internals (security.md). */
export function toOutcome(error: FastifyError | Error): { status: number; body: OperationOutcome } {
  if (error instanceof FhirError)
    return {
      status: error.statusCode,
      body: operationOutcome('error', error.issueCode, error.message, error.expression),
    };
  if (error instanceof HttpError) {
    const code = ISSUE_OF_STATUS[error.statusCode] ?? 'processing';
    return { status: error.statusCode, body: operationOutcome('error', code, error.message) };
  }
  if (isDatabaseUnavailable(error))
    return { status: 503, body: operationOutcome('fatal', 'transient', 'The service is unavailable.') };
  // A value the database refused (out of range, …) is the client's mistake, as on the JSON API.
  if (isDataException(error))
    return { status: 400, body: operationOutcome('error', 'invalid', 'A parameter value is invalid.') };
  const status = (error as FastifyError).statusCode ?? 500;
  if (status >= 400 && status < 500)
    return {
      status,
      body: operationOutcome('error', ISSUE_OF_STATUS[status] ?? 'invalid', 'The request is invalid.'),
    };
  return { status: 500, body: operationOutcome('fatal', 'exception', 'An internal error occurred.') };
}

/** The FHIR context's error handler: the JSON API's `{ Code, Message }` would mean nothing to a FHIR client. */
export function fhirErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = toOutcome(error);
  if (status >= 500) request.log.error({ err: error }, 'FHIR request failed');
  else request.log.info({ status, code: body.issue[0]?.code }, 'FHIR request refused');
  if (status === 401) reply.header('WWW-Authenticate', 'Bearer');
  if (status === 503) reply.header('Retry-After', '5');
  return reply.code(status).type(FHIR_JSON).send(body);
}
