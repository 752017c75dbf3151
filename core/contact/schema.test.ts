import { describe, expect, it } from 'vitest';
import { ContactMessageSchema } from './schema';

const valid = { name: 'Ana', email: 'ana@example.com', subject: 'Logo', message: 'Hello there' };

describe('ContactMessageSchema', () => {
  it('accepts and trims a message', () => {
    expect(
      ContactMessageSchema.parse({ ...valid, email: ' ana@example.com ', name: ' Ana ' }),
    ).toEqual(valid);
  });

  it.each([
    ['name', '  ', 'Name is required'],
    ['email', '', 'Email is required'],
    ['email', 'not-an-address', 'Please enter a valid email address'],
    ['subject', undefined, 'Subject is required'],
    ['message', '', 'Message is required'],
    ['name', 'n'.repeat(101), 'Name must be at most 100 characters'],
    ['subject', 's'.repeat(201), 'Subject must be at most 200 characters'],
    ['message', 'm'.repeat(5001), 'Message must be at most 5000 characters'],
  ])('%s = %j fails with "%s"', (field, value, message) => {
    const result = ContactMessageSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([[field, message]]);
  });
});
