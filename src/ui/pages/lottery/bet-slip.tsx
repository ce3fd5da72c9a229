import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseMoney } from '../../../contract/money.ts';
import type { BetType, LotteryGame, PlaceSlipReply } from '../../../contract/lottery.ts';
import { useFormat } from '../../hooks/use-format.ts';
import { useLotteryFlows } from './lottery-flows.ts';
import {
  allNumbers,
  isValidSelection,
  quickPick,
  selectionShape,
  stakeOf,
  unitsPerSelection,
} from './lottery-logic.ts';
import { useLotteryMember } from './use-lottery.ts';

type SlipBet = { betType: BetType; selections: string[]; unitAmount: bigint };

/** A unit amount typed by the player, in minor units; null when it is not an amount. */
function unitOf(text: string): bigint | null {
  try {
    const minor = parseMoney(text);
    return minor > 0n ? minor : null;
  } catch {
    return null;
  }
}

const newSlipKey = () => `slip-${crypto.randomUUID()}`;

/**
 * The bet slip: a bet type, its numbers (a pad of 00..99 or 0..9, a field for 3 digits, quick
 * picks), the unit amount; several bets in one slip, each with its stake, and the total before
 * confirm. Confirm posts the slip on the open draw; the server's refusal is shown as it words
 * it (draw closed, balance, limits).
 */
export function BetSlip({
  game,
  numero,
  open,
  onPlaced,
  testId,
}: {
  game: LotteryGame;
  numero: string;
  /** Whether the draw takes bets now (open or locking soon). */
  open: boolean;
  onPlaced: () => void;
  testId: string;
}) {
  const { t } = useTranslation('lottery');
  const flows = useLotteryFlows();
  const { signedIn } = useLotteryMember();
  const { money } = useFormat();
  const typeId = useId();
  const unitId = useId();
  const typedId = useId();
  const configs = game.betTypes;
  const [betType, setBetType] = useState<BetType>(configs[0]?.betType ?? 'lo');
  const config = configs.find((c) => c.betType === betType) ?? configs[0];
  const shape = selectionShape(betType);
  const [picked, setPicked] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const [unitText, setUnitText] = useState('');
  const [slip, setSlipBets] = useState<SlipBet[]>([]);
  /** The slip's own key: a retried confirm of the same slip places it once. */
  const [slipKey, setSlipKey] = useState(newSlipKey);
  const setSlip = (bets: SlipBet[]) => {
    setSlipBets(bets);
    setSlipKey(newSlipKey());
  };
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [placed, setPlaced] = useState<PlaceSlipReply | null>(null);

  const unit = unitOf(unitText);
  const minUnit = config ? BigInt(config.minUnit) : 1n;
  const maxUnit = config ? BigInt(config.maxUnit) : 0n;
  const unitProblem =
    unitText === ''
      ? null
      : unit === null
        ? t('slip.unitInvalid')
        : unit < minUnit || unit > maxUnit
          ? t('slip.unitRange', { min: money(minUnit), max: money(maxUnit) })
          : null;
  /** What "add" would put on the slip: single numbers each a selection, xiên one of N. */
  const selections = useMemo(() => {
    if (shape.numbers > 1)
      return picked.length === shape.numbers ? [[...picked].sort().join('-')] : [];
    return picked;
  }, [picked, shape.numbers]);
  const pad = shape.digits <= 2 ? allNumbers(shape.digits) : null;
  const total = slip.reduce((sum, bet) => sum + stakeOf(bet, game.layout), 0n);

  const chooseType = (next: BetType) => {
    setBetType(next);
    setPicked([]);
    setTyped('');
  };
  const toggle = (number: string) => {
    setPlaced(null);
    if (picked.includes(number)) setPicked(picked.filter((n) => n !== number));
    else if (shape.numbers === 1) setPicked([...picked, number].sort());
    else if (picked.length < shape.numbers) setPicked([...picked, number]);
  };
  const addTyped = () => {
    const value = typed.trim();
    if (!isValidSelection(betType, value) || picked.includes(value)) return;
    setPicked([...picked, value].sort());
    setTyped('');
  };
  const add = () => {
    if (unit === null || unitProblem || selections.length === 0) return;
    setSlip([...slip, { betType, selections, unitAmount: unit }]);
    setPicked([]);
    setError(null);
  };
  const confirm = async () => {
    if (!signedIn) {
      flows.askLogin();
      return;
    }
    setSending(true);
    setError(null);
    try {
      const reply = await flows.calls.placeSlip({
        gameId: game.gameId,
        numero,
        idempotencyKey: slipKey,
        bets: slip.map((bet) => ({
          betType: bet.betType,
          selections: bet.selections,
          unitAmount: bet.unitAmount.toString(),
        })),
      });
      setPlaced(reply);
      setSlip([]);
      flows.showBalance(reply.balance);
      onPlaced();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setSending(false);
    }
  };

  const label = (type: BetType) => t(`betTypes.${type}`);
  return (
    <section className="pg-card lot-slip" aria-labelledby={`${typeId}-title`} data-testid={testId}>
      <h2 id={`${typeId}-title`}>{t('slip.title')}</h2>
      <div className="lot-slip__row">
        <label htmlFor={typeId}>{t('slip.betType')}</label>
        <select
          id={typeId}
          className="pg-input"
          data-testid="slip-bet-type"
          value={betType}
          onChange={(event) => chooseType(event.target.value as BetType)}
        >
          {configs.map((c) => (
            <option key={c.betType} value={c.betType}>
              {t('slip.typeOption', { type: label(c.betType), odds: c.oddsX100 / 100 })}
            </option>
          ))}
        </select>
      </div>
      <p className="pg-muted lot-slip__help">{t(`betHelp.${betType}`)}</p>

      <fieldset className="lot-pad">
        <legend>
          {shape.numbers > 1 ? t('slip.pickXien', { count: shape.numbers }) : t('slip.pickNumbers')}
        </legend>
        {pad ? (
          <div className={`lot-pad__grid lot-pad__grid--${shape.digits}`} data-testid="slip-pad">
            {pad.map((number) => (
              <button
                key={number}
                type="button"
                className="lot-pad__key"
                aria-pressed={picked.includes(number)}
                onClick={() => toggle(number)}
              >
                {number}
              </button>
            ))}
          </div>
        ) : (
          <div className="lot-slip__row">
            <label htmlFor={typedId} className="pg-visually-hidden">
              {t('slip.typeNumber')}
            </label>
            <input
              id={typedId}
              className="pg-input"
              inputMode="numeric"
              maxLength={3}
              placeholder="000"
              value={typed}
              onChange={(event) => setTyped(event.target.value.replace(/\D/g, ''))}
              onKeyDown={(event) => {
                if (event.key === 'Enter') addTyped();
              }}
            />
            <button
              type="button"
              className="pg-btn pg-btn--outline pg-btn--small"
              onClick={addTyped}
            >
              {t('slip.addNumber')}
            </button>
            {picked.length > 0 && <span className="lot-picked">{picked.join(', ')}</span>}
          </div>
        )}
        <div className="pg-actions lot-quick">
          {[1, 5].map((count) => (
            <button
              key={count}
              type="button"
              className="pg-btn pg-btn--ghost pg-btn--small"
              onClick={() =>
                setPicked(
                  quickPick(betType, count, Math.random)
                    .flatMap((s) => s.split('-'))
                    .slice(0, shape.numbers > 1 ? shape.numbers : undefined),
                )
              }
            >
              {t('slip.quick', { count })}
            </button>
          ))}
          {pad && shape.numbers === 1 && (
            <button
              type="button"
              className="pg-btn pg-btn--ghost pg-btn--small"
              data-testid="slip-pick-all"
              onClick={() => setPicked(pad)}
            >
              {t('slip.all')}
            </button>
          )}
          <button
            type="button"
            className="pg-btn pg-btn--ghost pg-btn--small"
            onClick={() => setPicked([])}
          >
            {t('slip.clearNumbers')}
          </button>
        </div>
      </fieldset>

      <div className="lot-slip__row">
        <label htmlFor={unitId}>{t('slip.unit')}</label>
        <input
          id={unitId}
          className="pg-input"
          inputMode="decimal"
          data-testid="slip-unit"
          value={unitText}
          aria-invalid={unitProblem ? true : undefined}
          aria-describedby={`${unitId}-hint`}
          onChange={(event) => setUnitText(event.target.value)}
        />
      </div>
      <p id={`${unitId}-hint`} className={unitProblem ? 'lot-error' : 'pg-muted'}>
        {unitProblem ??
          (config ? t('slip.unitRange', { min: money(minUnit), max: money(maxUnit) }) : '')}
      </p>
      <p className="pg-muted" role="status" aria-live="polite">
        {selections.length > 0 && unit !== null && !unitProblem
          ? t('slip.preview', {
              count: selections.length,
              stake: money(
                unit * BigInt(unitsPerSelection(betType, game.layout)) * BigInt(selections.length),
              ),
            })
          : t('slip.chosen', { count: picked.length })}
      </p>
      <button
        type="button"
        className="pg-btn pg-btn--outline"
        data-testid="slip-add"
        disabled={selections.length === 0 || unit === null || unitProblem !== null}
        onClick={add}
      >
        {t('slip.add')}
      </button>

      <h3>{t('slip.bets')}</h3>
      {slip.length === 0 ? (
        <p className="pg-muted">{t('slip.empty')}</p>
      ) : (
        <ul className="lot-slip__bets" data-testid="slip-bets">
          {slip.map((bet, index) => (
            <li key={index}>
              <span>
                <strong>{label(bet.betType)}</strong>{' '}
                {bet.selections.length > 6
                  ? t('slip.numbersCount', { count: bet.selections.length })
                  : bet.selections.join(', ')}{' '}
                × {money(bet.unitAmount)}
              </span>
              <span className="lot-stake">{money(stakeOf(bet, game.layout))}</span>
              <button
                type="button"
                className="pg-btn pg-btn--ghost pg-btn--small"
                aria-label={t('slip.remove', { type: label(bet.betType) })}
                onClick={() => setSlip(slip.filter((_, i) => i !== index))}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="lot-slip__total">
        {t('slip.total')} <strong data-testid="slip-total">{money(total)}</strong>
      </p>
      {error && (
        <p className="lot-error" role="alert" data-testid="slip-error">
          {error}
        </p>
      )}
      {placed && (
        <p className="lot-ok" role="status" data-testid="slip-placed">
          {t('slip.placed', { count: placed.bets.length, total: money(placed.total) })}
        </p>
      )}
      <button
        type="button"
        className="pg-btn pg-btn--primary"
        data-testid="slip-confirm"
        disabled={slip.length === 0 || sending || !open}
        onClick={() => void confirm()}
      >
        {!open ? t('slip.closed') : sending ? t('slip.sending') : t('slip.confirm')}
      </button>
    </section>
  );
}
