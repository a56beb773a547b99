// The public contact form: stored, then e-mailed to the team.
import { formMessages, isEmail } from '@eluent/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { createContactRepository } from '../../repositories/contact.ts';
import { objectBody } from './body.ts';

const CONTACT_ADDRESS = 'team@eluent.dev';

export async function contactRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const contact = createContactRepository(context.database.db);
  const limited = {
    config: { rateLimit: { max: context.config.authRateLimitPerMinute, timeWindow: '1 minute' } },
  };
  app.post('/api/contact/', limited, async (request, reply) => {
    const body = objectBody(request.body);
    const fields: Record<string, string[]> = {};
    const text = (name: string, max: number) => {
      const value = typeof body[name] === 'string' ? body[name].trim() : '';
      if (!value) fields[name] = [formMessages.required];
      else if (value.length > max) fields[name] = [`Field must have at most ${max} characters`];
      return value;
    };
    const name = text('name', 200);
    const email = text('email', 254);
    const message = text('message', 5000);
    if (email && !fields.email && !isEmail(email)) fields.email = [formMessages.email];
    if (Object.keys(fields).length > 0) throw AppError.validation(fields);
    await contact.store({ name, email, message });
    await context.mailer.send({
      to: CONTACT_ADDRESS,
      subject: `Contact form: ${name}`,
      text: `From: ${name} <${email}>\n\n${message}\n`,
    });
    return reply.status(201).send({ detail: 'Thank you. We will answer within one working day.' });
  });
}
