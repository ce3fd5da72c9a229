/**
 * A JSON reply that is the same bytes for every caller except a few small values (the
 * bootstrap payload: 5 kB of site configuration around the caller's IP): serialised once, kept
 * as bytes, and filled per request. `build` makes the reply from the per-request values; it is
 * called once with placeholders, and `fill` writes each value's JSON where its placeholder was.
 * Serialising the 5 kB and encoding it to UTF-8 on every request was most of that call's work.
 *
 * @example
 * const template = jsonTemplate((location: Location) => ({ settings, location }), 1);
 * template.fill(location); // the bytes of JSON.stringify({ settings, location })
 */
const marker = (index: number) => `\u0000json-template-hole-${index}\u0000`;

export type JsonTemplate<V extends unknown[]> = {
  /** The bytes of JSON.stringify(build(...values)). */
  fill: (...values: V) => Buffer;
};

export function jsonTemplate<V extends unknown[]>(
  build: (...values: V) => unknown,
  holes: V['length'],
): JsonTemplate<V> {
  const markers = Array.from({ length: holes }, (_, index) => marker(index));
  const json = JSON.stringify(build(...(markers as V)));
  const parts: Buffer[] = [];
  let rest = json;
  for (const hole of markers) {
    const quoted = JSON.stringify(hole);
    const at = rest.indexOf(quoted);
    // A value `build` does not place exactly once as it is (or data that looks like a
    // placeholder): no template, the reply is built and serialised whole on every call.
    if (at < 0 || rest.indexOf(quoted, at + quoted.length) >= 0) {
      return { fill: (...values) => Buffer.from(JSON.stringify(build(...values))) };
    }
    parts.push(Buffer.from(rest.slice(0, at)));
    rest = rest.slice(at + quoted.length);
  }
  parts.push(Buffer.from(rest));
  const fixedLength = parts.reduce((sum, part) => sum + part.length, 0);
  return {
    fill(...values) {
      const filled = values.map((value) => Buffer.from(JSON.stringify(value)));
      const out = Buffer.allocUnsafe(filled.reduce((sum, part) => sum + part.length, fixedLength));
      let offset = 0;
      parts.forEach((part, index) => {
        offset += part.copy(out, offset);
        const value = filled[index];
        if (value) offset += value.copy(out, offset);
      });
      return out;
    },
  };
}
