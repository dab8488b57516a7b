import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP server on 127.0.0.1 (a free port) that keeps what it receives, parsed. While
 * `refuse` is true it answers RCPT TO with 451 (try again later), like a mail server in trouble.
 */
export type SmtpCatcher = {
  url: string;
  messages: ParsedMail[];
  refused: number;
  refuse: boolean;
  close(): Promise<void>;
};

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const catcher: SmtpCatcher = {
    url: '',
    messages: [],
    refused: 0,
    refuse: false,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (catcher.refuse) {
        catcher.refused += 1;
        const error = Object.assign(new Error('Mailbox busy, try again later'), {
          responseCode: 451,
        });
        return callback(error);
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream, { keepCidLinks: true })
        .then((mail) => {
          catcher.messages.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  catcher.url = `smtp://127.0.0.1:${port}`;
  return catcher;
}
