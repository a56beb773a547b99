// JSON bodies are parsed once here for every route (REST and GraphQL): Fastify's own parser (prototype
// poisoning refused), then the input guard, so text PostgreSQL cannot store, over-long text and numbers no
// column holds are a 400 naming the field instead of a failure deep in a query.
import { domainErrors } from '@eluent/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { inputProblem } from '../../lib/input-guard.ts';

function refusal(problem: NonNullable<ReturnType<typeof inputProblem>>): AppError {
  const fields = { [problem.path || 'non_field_errors']: [domainErrors[problem.code]] };
  return new AppError(400, problem.code, domainErrors[problem.code], { fields });
}

export function registerJsonInput(app: FastifyInstance): void {
  // Path parameters and query strings pass the same guard (`%00` decodes to NUL).
  app.addHook('preValidation', (request, _reply, done) => {
    const problem = inputProblem(request.params) ?? inputProblem(request.query);
    done(problem ? refusal(problem) : undefined);
  });
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    void parse(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      const problem = inputProblem(value);
      if (!problem) return done(null, value);
      done(refusal(problem), undefined);
    });
  });
}
