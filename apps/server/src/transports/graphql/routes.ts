// Thin transport for the Hasura-compatible endpoint: every outcome is HTTP 200 with `data` or `errors`,
// including bodies that are not JSON or too large (Hasura's form, which the client relies on). The one
// exception: while the database is unreachable the answer is 503 (same body form), so clients retry.
import { domainErrors } from '@eluent/contracts';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { AppError } from '../../errors.ts';
import { errorBody, GraphqlRequestError } from '../../lib/graphql-errors.ts';
import type { GraphqlBody } from '../../services/graphql/execute.ts';
import { knownCaller, resolveCaller } from '../../services/graphql/identity.ts';
import { limits } from '../../services/graphql/limits.ts';

/** The field an input-guard refusal names, e.g. `variables.name`. */
function fieldOf(error: AppError): string {
  const fields = error.body.fields;
  return fields && typeof fields === 'object' ? (Object.keys(fields)[0] ?? '') : '';
}

export async function graphqlRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const service = services.graphql;

  app.post(
    '/hasura/v1/graphql',
    {
      bodyLimit: limits.bodyBytes,
      errorHandler: (error, request, reply) => {
        if (services.health.connectionLost(error)) {
          void reply
            .status(503)
            .header('retry-after', '5')
            .type('application/json')
            .send(
              JSON.stringify(
                errorBody(new GraphqlRequestError('unexpected', domainErrors.database_unavailable)),
              ),
            );
          return;
        }
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        if (status >= 500) request.log.error({ err: error }, 'graphql transport failed');
        const failure =
          (error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? new GraphqlRequestError(
                'validation-failed',
                `the request body is larger than ${limits.bodyBytes} bytes`,
              )
            : error instanceof AppError
              ? // The input guard: NUL, unpaired surrogates, over-long text, numbers out of range.
                new GraphqlRequestError('validation-failed', `${error.message} (${fieldOf(error)})`)
              : status < 500
                ? new GraphqlRequestError('parse-failed', 'the request body is not valid JSON')
                : new GraphqlRequestError('unexpected', 'unexpected error');
        void reply
          .status(200)
          .type('application/json')
          .send(JSON.stringify(errorBody(failure)));
      },
    },
    async (request, reply) => {
      // A token seen before is answered from memory without a promise; others are verified.
      const caller =
        knownCaller(services, request.headers.authorization) ??
        (await resolveCaller(services, request.headers.authorization).catch((error: unknown) => {
          if (error instanceof GraphqlRequestError) return error;
          throw error;
        }));
      const body = request.body as GraphqlBody;
      const text =
        caller instanceof GraphqlRequestError
          ? await service.execute(caller, body)
          : await service.execute(caller.viewer, body, caller.standing);
      return reply.status(200).type('application/json; charset=utf-8').send(text);
    },
  );
}
