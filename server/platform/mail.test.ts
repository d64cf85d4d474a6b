import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mail.ts';

const message = {
  to: 'maija@example.com',
  subject: 'Vahvista sähköpostiosoitteesi',
  text: 'Hei Maija,\nlinkki: https://kauppis.fi/x',
  html: '<p>Hei Maija</p>',
};

describe('mailer over SMTP', () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers a mail with text and HTML parts to a real SMTP peer', async () => {
    const mailer = createMailer({ from: 'Kauppis <no-reply@kauppis.fi>', smtpUrl: `smtp://127.0.0.1:${port}`, outbox: '/nonexistent' });
    await mailer.send(message);
    mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('no-reply@kauppis.fi');
    expect(received[0]!.to).toEqual(['maija@example.com']);
    expect(received[0]!.data).toMatch(/Content-Type: text\/plain/);
    expect(received[0]!.data).toMatch(/Content-Type: text\/html/);
  });
});

describe('mailer without SMTP', () => {
  it('writes each mail as an .eml file', async () => {
    const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'kauppis-mail-'));
    const mailer = createMailer({ from: 'Kauppis <no-reply@localhost>', outbox });
    await mailer.send(message);
    await mailer.send({ ...message, to: 'other@example.com' });
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const raw = fs.readFileSync(path.join(outbox, files[0]!), 'utf8');
    expect(raw).toMatch(/^To: maija@example\.com$/m);
    fs.rmSync(outbox, { recursive: true });
  });
});
