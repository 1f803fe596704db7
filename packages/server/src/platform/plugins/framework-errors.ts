import type { ApiError } from '@zorgportaal/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { MESSAGES } from '../errors.ts';

/**
 * Errors Fastify raises before routing (an undecodable URL, a path segment longer than maxParamLength)
 * and errors Node raises before Fastify sees the request (headers or request line over maxHeaderSize)
 * bypass the error handler. These give them the one error body, without echoing the URL.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const body: ApiError = tooLong
    ? { Code: 'URI_TOO_LONG', Message: MESSAGES.URI_TOO_LONG }
    : { Code: 'VALIDATION_FAILED', Message: MESSAGES.BAD_URL };
  request.log.info({ code: body.Code }, 'request refused');
  void reply
    .code(tooLong ? 414 : 400)
    .type('application/json; charset=utf-8')
    .send(body);
}

function rawResponse(status: number, body: ApiError): string {
  const json = JSON.stringify(body);
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
    `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`
  );
}

/** Node's `clientError`: malformed requests, oversized headers (431) and header timeouts (408). */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const response =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? rawResponse(431, { Code: 'HEADERS_TOO_LARGE', Message: MESSAGES.HEADERS_TOO_LARGE })
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? rawResponse(408, { Code: 'ERROR', Message: MESSAGES.VALIDATION_FAILED })
        : rawResponse(400, { Code: 'VALIDATION_FAILED', Message: MESSAGES.VALIDATION_FAILED });
  if (socket.writable) socket.write(response);
  socket.destroy(error);
}
