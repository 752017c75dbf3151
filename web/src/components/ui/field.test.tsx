import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TextField } from './field';

const noop = () => {};

describe('TextField', () => {
  it('ties the control to its label, and to its hint and error when shown', () => {
    const html = renderToStaticMarkup(
      <TextField
        id="f"
        label="Content"
        value=""
        onValueChange={noop}
        rows={4}
        hint="Plain text"
        error="Too short"
      />,
    );
    expect(html).toContain('<label for="f"');
    expect(html).toMatch(
      /<textarea rows="4" id="f" aria-invalid="true" aria-describedby="f-hint f-error"/,
    );
    expect(html).toContain('<p id="f-hint" class="mt-1 text-xs text-muted">Plain text</p>');
    expect(html).toContain('<p id="f-error" class="mt-1 text-sm text-red-300">Too short</p>');
  });

  it('is a plain, valid input without hint or error', () => {
    const html = renderToStaticMarkup(
      <TextField id="e" label="Email" type="email" value="a@b.c" onValueChange={noop} required />,
    );
    expect(html).toMatch(/<input type="email" id="e" required=""[^>]* value="a@b.c"\/>/);
    expect(html).not.toContain('aria-invalid');
    expect(html).not.toContain('aria-describedby');
  });
});
