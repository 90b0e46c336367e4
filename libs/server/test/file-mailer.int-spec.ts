import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileMailer } from '../src/mail/mailer';

/** The development mailer on the real file system: mails sent together each keep their own file. */
describe('FileMailer', () => {
  let folder: string;

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'closetly-file-mailer-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('keeps every one of 30 mails sent at once, each in its own file', async () => {
    const mailer = new FileMailer(folder, 'Closetly <no-reply@closetly.test>');
    const recipients = Array.from({ length: 30 }, (_, index) => `shopper${index}@example.com`);

    await Promise.all(recipients.map((to) => mailer.send({ to, subject: 'Reset your Closetly password', text: `for ${to}`, html: `<p>for ${to}</p>` })));

    const files = (await readdir(folder)).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(30);
    const contents = await Promise.all(files.map((name) => readFile(join(folder, name), 'utf8')));
    const delivered = recipients.filter((to) => contents.some((mail) => mail.includes(`To: ${to}`)));
    expect(delivered).toEqual(recipients);
  });
});
