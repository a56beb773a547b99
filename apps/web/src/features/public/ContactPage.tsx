// Contact: a form posted to /api/contact/, stored and e-mailed to the team.
import { useState, type FormEvent } from 'react';
import { Field, useField } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { rules } from '../../lib/validation.ts';
import { sendContactMessage } from '../../api/auth.ts';
import { httpErrorText } from '../../api/errors.ts';
import './public.css';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

export default function ContactPage() {
  const name = useField('', [rules.required]);
  const email = useField('', [rules.required, rules.email]);
  const message = useField('', [rules.required, rules.minLength(10)]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = [name.check(), email.check(), message.check()].every(Boolean);
    if (!valid) return;
    setSending(true);
    setError(null);
    const result = await sendContactMessage({ name: name.value, email: email.value, message: message.value });
    setSending(false);
    if (result.ok) {
      setSent(result.data?.detail ?? 'Thank you. We will answer soon.');
      return;
    }
    const fields = result.data.fields;
    name.setServerError(fields?.name?.[0] ?? null);
    email.setServerError(fields?.email?.[0] ?? null);
    message.setServerError(fields?.message?.[0] ?? null);
    setError(httpErrorText(result.status, result.data));
  };

  return (
    <>
      <section className="page-head">
        <div className="container">
          <p className="eyebrow">Contact</p>
          <h1>Talk to the people who build Eluent</h1>
          <p className="lead">
            Questions about the instrument, a demo for your lab, or help with a method — write to us and an
            application scientist answers within one working day.
          </p>
        </div>
      </section>
      <section className="section">
        <div className="container two-columns">
          <div className="card contact-card">
            {sent ? (
              <div className="form-success" role="status">
                <Icon name="check_circle" /> {sent}
              </div>
            ) : (
              <form onSubmit={(event) => void submit(event)} noValidate>
                {error && <ErrorAlert>{error}</ErrorAlert>}
                <Field label="Name" name="name" field={name} autoComplete="name" />
                <Field label="E-mail" name="email" type="email" field={email} autoComplete="email" />
                <Field label="Message" name="message" field={message} multiline />
                <button className="button" type="submit" disabled={sending}>
                  <Icon name="send" /> {sending ? 'Sending…' : 'Send message'}
                </button>
              </form>
            )}
          </div>
          <aside className="contact-aside">
            <h3>
              <Icon name="mail" /> E-mail
            </h3>
            <p>
              <a href="mailto:team@eluent.dev">team@eluent.dev</a>
            </p>
            <h3>
              <Icon name="support_agent" /> Application support
            </h3>
            <p>Send the share link of the sample you are asking about — we see exactly what you see.</p>
            <h3>
              <Icon name="schedule" /> Hours
            </h3>
            <p>Monday to Friday, 8:00–18:00 CET.</p>
          </aside>
        </div>
      </section>
    </>
  );
}
