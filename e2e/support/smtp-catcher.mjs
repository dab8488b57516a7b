// A local SMTP catcher for the server-mode journeys (issue #17): the API sends its eSIM emails
// here (SMTP_URL), and a journey reads them back as JSON from GET /messages, parsed (text, html,
// attachments as base64). Ports: SMTP_CATCHER_PORT for SMTP, SMTP_CATCHER_HTTP_PORT for HTTP.
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.SMTP_CATCHER_PORT);
const httpPort = Number(process.env.SMTP_CATCHER_HTTP_PORT);
const messages = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream, { keepCidLinks: true }).then(
      (mail) => {
        messages.push({
          to: mail.to?.text ?? '',
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          attachments: mail.attachments.map((attachment) => ({
            filename: attachment.filename ?? '',
            contentType: attachment.contentType,
            cid: attachment.cid ?? '',
            base64: attachment.content.toString('base64'),
          })),
        });
        callback();
      },
      (error) => callback(error),
    );
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createServer((request, response) => {
  if (request.url === '/messages') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(messages));
    return;
  }
  response.writeHead(request.url === '/' ? 200 : 404);
  response.end();
}).listen(httpPort, '127.0.0.1');
