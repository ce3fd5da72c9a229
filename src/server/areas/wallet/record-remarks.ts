import type { Language } from '../../../contract/constants.ts';

/**
 * What a bonus entry of the member's records says it was for: the ledger reference of a
 * posting (`promotion:4`, `mission:12`, `rebate:RNG`) is the owner's key, not words for the
 * player. The area that posts such entries registers a source for its prefix (engagement for
 * promotions, missions, redemptions, rebate and referral rewards) and keeps its tables to
 * itself; the wallet owns the records and this extension point.
 *
 * `names(ids, language)` answers, in one statement, the name of each id it knows (the part
 * after `<prefix>:`); an id it does not know is left out and the entry shows no remark.
 *
 * @example
 * app.wallet.remarks.register({ prefix: 'promotion', names: (ids, language) => titlesOf(ids, language) });
 */
export type RemarkSource = {
  prefix: string;
  names(ids: readonly string[], language: Language): Promise<ReadonlyMap<string, string>>;
};

/** The registry the wallet area decorates (`app.wallet.remarks`). */
export type RecordRemarks = {
  register(source: RemarkSource): void;
};

/** The sources registered so far; `resolve` asks each prefix on the page once. */
export function createRecordRemarks() {
  const sources = new Map<string, RemarkSource>();
  /** The names of these references (reference -> name), at most one call per prefix. */
  async function resolve(
    references: readonly string[],
    language: Language,
  ): Promise<ReadonlyMap<string, string>> {
    const byPrefix = new Map<string, Set<string>>();
    for (const reference of references) {
      const colon = reference.indexOf(':');
      if (colon < 1) continue;
      const prefix = reference.slice(0, colon);
      if (!sources.has(prefix)) continue;
      let ids = byPrefix.get(prefix);
      if (!ids) byPrefix.set(prefix, (ids = new Set()));
      ids.add(reference.slice(colon + 1));
    }
    const named = new Map<string, string>();
    await Promise.all(
      [...byPrefix].map(async ([prefix, ids]) => {
        const names = await (sources.get(prefix) as RemarkSource).names([...ids], language);
        for (const [id, name] of names) named.set(`${prefix}:${id}`, name);
      }),
    );
    return named;
  }
  return {
    register(source: RemarkSource) {
      if (!/^[a-z][a-z0-9-]*$/.test(source.prefix)) {
        throw new Error(`remark prefix ${source.prefix} is not allowed`);
      }
      if (sources.has(source.prefix)) {
        throw new Error(`remark source ${source.prefix} is already registered`);
      }
      sources.set(source.prefix, source);
    },
    /**
     * What each reference says to the player: the registered source's name for `<prefix>:<id>`
     * (null when it does not know the id), else the reference itself (an operator's words).
     */
    async remarksOf(
      references: readonly string[],
      language: Language,
    ): Promise<(reference: string) => string | null> {
      const named = await resolve(references, language);
      return (reference) => {
        const colon = reference.indexOf(':');
        const owned = colon > 0 && sources.has(reference.slice(0, colon));
        return owned ? (named.get(reference) ?? null) : reference;
      };
    },
  };
}
