import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { replySerializerCompiler } from '../../src/server/platform/http/reply-serializer.ts';
import { envelopeOf } from '../../src/contract/envelope.ts';

const schema = envelopeOf(z.object({ name: z.string(), count: z.number() }));
const route = { schema, method: 'GET', url: '/wps/test' };

describe('the reply serializer', () => {
  it('in production sends JSON.stringify of the reply without running its schema', () => {
    const serialize = replySerializerCompiler({ checked: false })(route);
    const value = { success: true, value: { name: 'a', count: 1 } };
    expect(serialize(value)).toBe(JSON.stringify(value));
    // Not validated again: a reply the schema would refuse is still sent as it is.
    expect(serialize({ success: true, value: { name: 1 } })).toBe(
      '{"success":true,"value":{"name":1}}',
    );
  });

  it('outside production holds every reply to its schema: no undeclared field, no wrong type', () => {
    const serialize = replySerializerCompiler({ checked: true })(route);
    expect(serialize({ success: true, value: { count: 2, name: 'b' } })).toBe(
      '{"success":true,"value":{"count":2,"name":"b"}}',
    );
    expect(() =>
      serialize({ success: true, value: { name: 'c', count: 3, passwordHash: 'x' } }),
    ).toThrow(/holds more or other than its schema sends/);
    expect(() => serialize({ success: true, value: { name: 'c', count: '3' } })).toThrow(
      /does not match its schema/,
    );
  });
});
