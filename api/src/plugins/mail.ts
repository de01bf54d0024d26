/** The outbox and its transport (lib/mail.ts) as `app.mail`. Docs: docs/api.md « Courriels ». */
import fp from 'fastify-plugin';
import { createMailer, type Mailer, type MailOptions } from '../lib/mail';

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

/** Decorates `app.mail`; closes the SMTP connections with the app. */
export default fp<MailOptions>(
  async (app, options) => {
    const mailer = createMailer(app.db, options);
    app.decorate('mail', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail', dependencies: ['db'] },
);
