import { useState } from 'react';
import type { BuiltinPlayReply } from '../../../../contract/builtin-games.ts';
import {
  type SlotResult,
  slotPaytable,
  slotReels,
  slotRtp,
  slotSymbols,
} from '../../../../contract/builtin-games/slot.ts';
import { type Translate, pause } from './builtin-types.ts';

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
export function SlotGame(props: {
  t: Translate;
  busy: boolean;
  play: (bet: undefined) => Promise<BuiltinPlayReply | null>;
}) {
  const { t } = props;
  const [grid, setGrid] = useState<string[][]>(firstGrid);
  const [spinning, setSpinning] = useState<boolean[]>([false, false, false, false, false]);
  const [result, setResult] = useState<SlotResult | null>(null);

  async function spin() {
    setResult(null);
    setSpinning([true, true, true, true, true]);
    const reply = await props.play(undefined);
    if (!reply) {
      setSpinning([false, false, false, false, false]);
      return;
    }
    const outcome = reply.round.result as unknown as SlotResult;
    await pause(350);
    for (let reel = 0; reel < 5; reel++) {
      setGrid((previous) =>
        previous.map((row, r) => row.map((s, c) => (c === reel ? outcome.grid[r]![c]! : s))),
      );
      setSpinning((previous) => previous.map((value, r) => (r === reel ? false : value)));
      await pause(140);
    }
    setResult(outcome);
  }

  return (
    <section className="bg-game" aria-labelledby="bg-game-title">
      <div className="bg-reels" role="img" aria-label={t('slot.reels')}>
        {[0, 1, 2, 3, 4].map((reel) => (
          <div key={reel} className={spinning[reel] ? 'bg-reel bg-reel--spin' : 'bg-reel'}>
            {[0, 1, 2].map((row) => (
              <Symbol key={row} name={grid[row]![reel]!} t={t} />
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
        disabled={props.busy}
        onClick={() => void spin()}
      >
        {props.busy ? t('playing') : t('play.slot')}
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
