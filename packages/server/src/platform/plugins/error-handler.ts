import type { ApiError } from '@zorgportaal/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, MESSAGES } from '../errors.ts';
import { isDatabaseUnavailable, isDataException } from './database-errors.ts';
import { validationFields } from './validation-messages.ts';

/** Every error becomes `{ Code, Message, Fields? }`; 5xx bodies never carry internals. */
function toApiError(error: FastifyError): { status: number; body: ApiError } {
  if (error instanceof HttpError) return { status: error.statusCode, body: error.toBody() };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = validationFields(error.validation, error.validationContext);
    return {
      status: 400,
      body: { Code: 'VALIDATION_FAILED', Message: MESSAGES.VALIDATION_FAILED, Fields: fields },
    };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        status: 400,
        body: {
          Code: 'VALIDATION_FAILED',
          Message: MESSAGES.INVALID_JSON,
          Fields: { body: MESSAGES.INVALID_JSON },
        },
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { Code: 'PAYLOAD_TOO_LARGE', Message: MESSAGES.PAYLOAD_TOO_LARGE } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        body: { Code: 'UNSUPPORTED_MEDIA_TYPE', Message: MESSAGES.UNSUPPORTED_MEDIA_TYPE },
      };
  }
  if (isDatabaseUnavailable(error)) {
    return { status: 503, body: { Code: 'SERVICE_UNAVAILABLE', Message: MESSAGES.SERVICE_UNAVAILABLE } };
  }
  if (isDataException(error))
    return { status: 400, body: { Code: 'VALIDATION_FAILED', Message: MESSAGES.VALIDATION_FAILED } };
  const status = error.statusCode ?? 500;
  if (status === 404) return { status, body: { Code: 'NOT_FOUND', Message: MESSAGES.NOT_FOUND } };
  // Any other client error the framework raises (bad header, proto poisoning in JSON, …).
  if (status >= 400 && status < 500)
    return { status, body: { Code: 'VALIDATION_FAILED', Message: MESSAGES.VALIDATION_FAILED } };
  return { status: 500, body: { Code: 'INTERNAL_ERROR', Message: MESSAGES.INTERNAL_ERROR } };
}

export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, body } = toApiError(error);
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      // Only the route: the failed query's parameters are user input.
      else if (isDataException(error))
        request.log.warn({ route: request.routeOptions.url }, 'data exception refused');
      else request.log.info({ code: body.Code, status }, 'request refused');
      if (status === 503) reply.header('Retry-After', '5');
      return reply.code(status).type('application/json; charset=utf-8').send(body);
    });
  },
  { name: 'error-handler' },
);
