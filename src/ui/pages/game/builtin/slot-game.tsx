import {
  type SlotResult,
  slotPaytable,
  slotReels,
  slotRtp,
  slotSymbols,
} from '../../../../contract/builtin-games/slot.ts';
import type { GameViewProps } from './builtin-types.ts';
import type { Translate } from './builtin-types.ts';

const glyphs: Record<string, string> = {
  wild: 'W',
  seven: '7',
  bar: '≡',
  bell: '♫',
  star: '★',
  plum: '●',
  cherry: '♥',
};

function Symbol({ name, t }: { name: string; t: Translate }) {
  return (
    <span className={`bg-sym bg-sym--${name}`} title={t(`slot.symbol.${name}`)}>
      <span aria-hidden="true">{glyphs[name]}</span>
      <span className="bg-sr">{t(`slot.symbol.${name}`)}</span>
    </span>
  );
}

const firstGrid = [0, 1, 2].map((row) => slotReels.map((reel) => slotSymbols[reel[row]!]!));

/** The 5-reel slot: reels spin, stop one after the other, winning lines light up. */
export function SlotGame(props: GameViewProps) {
  const { t, snapshot } = props;
  const { pending, round, reelsStopped } = snapshot.context;
  const rolling = snapshot.matches('placing') || snapshot.matches('playing');
  const next = (pending?.round.result as unknown as SlotResult | undefined)?.grid;
  const last = (round?.result as unknown as SlotResult | undefined)?.grid ?? firstGrid;
  // A reel shows the new outcome once it stopped; until then the last one, spinning.
  const stopped = (reel: number) => next !== undefined && reel < reelsStopped;
  const symbolAt = (row: number, reel: number) =>
    stopped(reel) ? next![row]![reel]! : last[row]![reel]!;
  const result =
    snapshot.matches({ idle: 'result' }) && round?.game === 'slot'
      ? (round.result as unknown as SlotResult)
      : null;

  return (
    <section className="bg-game" aria-labelledby="bg-game-title">
      <div className="bg-reels" role="img" aria-label={t('slot.reels')}>
        {[0, 1, 2, 3, 4].map((reel) => (
          <div
            key={reel}
            className={rolling && !stopped(reel) ? 'bg-reel bg-reel--spin' : 'bg-reel'}
          >
            {[0, 1, 2].map((row) => (
              <Symbol key={row} name={symbolAt(row, reel)} t={t} />
            ))}
          </div>
        ))}
      </div>
      <p className="bg-outcome" aria-live="polite" data-testid="builtin-outcome">
        {result
          ? result.lines.length > 0
            ? result.lines
                .map((line) =>
                  t('slot.lineWin', {
                    line: line.line + 1,
                    count: line.count,
                    symbol: t(`slot.symbol.${line.symbol}`),
                  }),
                )
                .join(' · ')
            : t('lose')
          : ' '}
      </p>
      <button
        type="button"
        className="bg-play"
        data-testid="builtin-play"
        disabled={!props.canPlay(null)}
        onClick={() => props.play(null)}
      >
        {props.busy ? t('playing') : props.freeSpin ? t('freeSpins.spin') : t('play.slot')}
      </button>
      <details className="bg-paytable">
        <summary>{t('slot.paytable')}</summary>
        <p>{t('slot.lines')}</p>
        <p>{t('rtp', { rtp: (slotRtp * 100).toFixed(2) })}</p>
        <table>
          <tbody>
            {slotSymbols.map((name) => (
              <tr key={name}>
                <th scope="row">
                  <Symbol name={name} t={t} />
                </th>
                {slotPaytable[name].map((pays, i) => (
                  <td key={i}>
                    {i + 3}× → {pays}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
