// The public contact form: checked, stored, then e-mailed to the team.
import { formMessages, isEmail } from '@eluent/contracts';
import { AppError } from '../errors.ts';
import { onlyFields } from '../lib/input.ts';
import type { ContactRepository } from '../repositories/contact.ts';
import type { Mailer } from './mail.ts';

const CONTACT_ADDRESS = 'team@eluent.dev';

export function createContactService(deps: { contact: ContactRepository; mailer: Mailer }) {
  return {
    async submit(body: Record<string, unknown>): Promise<{ detail: string }> {
      onlyFields(body, ['name', 'email', 'message']);
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
      await deps.contact.store({ name, email, message });
      await deps.mailer.send({
        to: CONTACT_ADDRESS,
        subject: `Contact form: ${name}`,
        text: `From: ${name} <${email}>\n\n${message}\n`,
      });
      return { detail: 'Thank you. We will answer within one working day.' };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
