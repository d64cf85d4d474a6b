import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers go (the support address of the app settings); none: to the From address. */
  replyTo?: string;
  /** Extra headers (List-Unsubscribe of the saved-search alerts). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** A sender: "Name <address>" as configured, or a name and an address (the name is encoded as needed). */
export type MailSender = string | { name: string; address: string };

export interface MailerOptions {
  /** Read for every mail, so a sender made from the site's name follows a change of the name. */
  from: MailSender | (() => MailSender);
  /** smtp:// URL; without it every mail is written as an .eml file into `outbox`. */
  smtpUrl?: string | undefined;
  outbox: string;
  log?: (message: string, detail: Record<string, unknown>) => void;
}

/**
 * Outgoing mail through nodemailer: over SMTP when configured, otherwise as .eml files under
 * DATA_DIR/mail that any mail program opens (and tests read).
 */
export function createMailer(options: MailerOptions): Mailer {
  const from = () => (typeof options.from === 'function' ? options.from() : options.from);
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: from(), ...message });
        options.log?.('mail sent', { to: message.to, subject: message.subject });
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: from(), ...message });
      await fs.mkdir(options.outbox, { recursive: true });
      const file = path.join(
        options.outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      options.log?.('mail written', { to: message.to, subject: message.subject, file });
    },
    close: () => transport.close(),
  };
}
