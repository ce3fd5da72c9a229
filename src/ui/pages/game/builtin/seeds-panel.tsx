import type { BuiltinSeeds } from '../../../../contract/builtin-games.ts';
import type { Translate } from './builtin-types.ts';

/**
 * The provably fair panel: the server seed hash shown before play, the client seed and the next
 * nonce, the hash of the next server seed (committed before the player picks the client seed
 * for the next pair), the client seed for the next pair, the rotation that reveals the server
 * seed, and the last revealed pair.
 */
export function SeedsPanel(props: {
  t: Translate;
  seeds: BuiltinSeeds;
  clientSeed: string;
  busy: boolean;
  canRotate: boolean;
  onClientSeed: (clientSeed: string) => void;
  onRotate: () => void;
}) {
  const { t, seeds } = props;
  const invalid = !props.busy && !props.canRotate;
  return (
    <section className="bg-panel" aria-labelledby="bg-fair">
      <h2 id="bg-fair">{t('fair.title')}</h2>
      <dl className="bg-seeds">
        <dt>{t('fair.serverSeedHash')}</dt>
        <dd data-testid="builtin-hash">
          <code>{seeds.serverSeedHash}</code>
        </dd>
        <dt>{t('fair.clientSeed')}</dt>
        <dd data-testid="builtin-client-seed">
          <code>{seeds.clientSeed}</code>
        </dd>
        <dt>{t('fair.nonce')}</dt>
        <dd data-testid="builtin-nonce">{seeds.nonce}</dd>
        <dt>{t('fair.nextServerSeedHash')}</dt>
        <dd data-testid="builtin-next-hash">
          <code>{seeds.nextServerSeedHash}</code>
        </dd>
        {seeds.previous && (
          <>
            <dt>{t('fair.previous')}</dt>
            <dd data-testid="builtin-revealed">
              <code>{seeds.previous.serverSeed}</code>
            </dd>
            <dt>{t('fair.previousClientSeed')}</dt>
            <dd>
              <code>{seeds.previous.clientSeed}</code>{' '}
              {t('fair.previousRounds', { count: seeds.previous.nonce })}
            </dd>
          </>
        )}
      </dl>
      <label className="bg-field">
        {t('fair.nextClientSeed')}
        <input
          type="text"
          data-testid="builtin-next-client-seed"
          value={props.clientSeed}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('fair.nextClientSeedHint')}
          aria-invalid={invalid}
          aria-describedby={invalid ? 'bg-seed-invalid' : undefined}
          disabled={props.busy}
          onChange={(event) => props.onClientSeed(event.target.value)}
        />
      </label>
      {invalid && (
        <p className="bg-error" id="bg-seed-invalid" data-testid="builtin-seed-invalid">
          {t('fair.clientSeedInvalid')}
        </p>
      )}
      <button
        type="button"
        className="bg-secondary"
        data-testid="builtin-rotate"
        disabled={!props.canRotate}
        onClick={props.onRotate}
      >
        {t('fair.rotate')}
      </button>
      <p className="bg-note">{t('fair.rotateHint')}</p>
      <a className="bg-link" href="/builtin/verify" target="_blank" rel="noreferrer">
        {t('fair.verifyLink')}
      </a>
    </section>
  );
}
