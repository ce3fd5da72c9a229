import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { replySerializerCompiler } from '../../src/server/platform/http/reply-serializer.ts';
import { jsonTemplate } from '../../src/server/platform/http/json-template.ts';
import { envelopeOf } from '../../src/contract/envelope.ts';
import { bodyOf, envelopeOrBodyOf } from '../../src/server/platform/http/responses.ts';

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

  it('holds a JSON reply to the JSON entry of a response documented by its media types', () => {
    const value = z.object({ name: z.string(), count: z.number() });
    const page = replySerializerCompiler({ checked: true })({
      ...route,
      schema: envelopeOrBodyOf(value, 'The data, or a page of it', ['text/html']),
    });
    expect(page({ success: true, value: { name: 'd', count: 4 } })).toBe(
      '{"success":true,"value":{"name":"d","count":4}}',
    );
    expect(() => page({ success: true, value: { name: 'd', count: 4, extra: 1 } })).toThrow(
      /holds more or other/,
    );
    // An image route documents no JSON: a JSON reply there is a fault, not an image.
    const image = replySerializerCompiler({ checked: true })({
      ...route,
      schema: bodyOf('The image', ['image/png']),
    });
    expect(() => image({ success: true })).toThrow(/documents none/);
  });
});

describe('a JSON template', () => {
  const settings = { name: 'साइट', cdns: ['https://a.test'], note: 'quote " and \\ back' };
  const build = (location: { ip: string }, check: { restricted: boolean }) => ({
    success: true,
    value: { settings, location, check, after: [1, 2] },
  });

  it("gives the bytes JSON.stringify gives, filled with each call's values", () => {
    const template = jsonTemplate(build, 2);
    for (const [ip, restricted] of [
      ['10.1.2.3', false],
      ['2001:db8::1', true],
      ['"odd"\u0000', false],
    ] as const) {
      const bytes = template.fill({ ip }, { restricted });
      expect(bytes.toString('utf8')).toBe(JSON.stringify(build({ ip }, { restricted })));
    }
  });

  it('builds the whole reply every time when a value is not placed exactly once as it is', () => {
    const twice = jsonTemplate((ip: string) => ({ a: ip, b: ip }), 1);
    expect(twice.fill('x').toString()).toBe('{"a":"x","b":"x"}');
    const changed = jsonTemplate((ip: string) => ({ a: ip.toUpperCase() }), 1);
    expect(changed.fill('x').toString()).toBe('{"a":"X"}');
  });
});
