import { describe, expect, it } from 'vitest';
import { mailtoHref, supportEmailLines } from '../../../../src/features/support/lib/contact-links';

describe('support contact links', () => {
  it('builds the email body: greeting, category, the issue as typed, closing', () => {
    expect(
      supportEmailLines(
        {
          greeting: 'Hello team,',
          categoryLine: 'Category: Billing',
          issueHeading: 'My issue:',
          closing: 'Thanks.',
        },
        '  I was charged twice.\nOrder #NXR-1  ',
      ),
    ).toEqual([
      'Hello team,',
      '',
      'Category: Billing',
      '',
      'My issue:',
      'I was charged twice.\nOrder #NXR-1',
      '',
      'Thanks.',
    ]);
  });

  it('percent-encodes subject and body, with CRLF line breaks', () => {
    const href = mailtoHref({
      to: 'help@esim.example',
      subject: 'Billing & refund?',
      lines: ['Hi,', 'A+B=C #1'],
    });
    expect(href).toBe(
      'mailto:help@esim.example?subject=Billing%20%26%20refund%3F&body=Hi%2C%0D%0AA%2BB%3DC%20%231',
    );
    const url = new URL(href);
    expect(url.searchParams.get('subject')).toBe('Billing & refund?');
    expect(url.searchParams.get('body')).toBe('Hi,\r\nA+B=C #1');
  });

  it('keeps Burmese text intact through the encoding', () => {
    const href = mailtoHref({ to: 'a@b.example', subject: 'ငွေပေးချေမှု', lines: ['မင်္ဂလာပါ'] });
    expect(decodeURIComponent(href)).toBe('mailto:a@b.example?subject=ငွေပေးချေမှု&body=မင်္ဂလာပါ');
  });
});
