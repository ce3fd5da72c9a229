import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { useDialogs, useSession } from '../../identity/identity-flows.ts';
import { useVendorName } from '../../layout/use-vendor-name.ts';
import { FailedState, LoadingState } from '../shared/remote-state.tsx';
import { categoryPath } from '../shared/games.ts';
import type { GameCategory } from '../../../contract/routes.ts';
import { LoginToPlay } from './login-to-play.tsx';
import { GameCard } from './game-card.tsx';
import { frameHeightOf } from '../game/frame-height.ts';
import { useGamesFlows, type LaunchOutcome } from './games-flows.ts';
import '../shared/pages.css';
import './games.css';

/**
 * /game?nodeId=...: the game runs in an embedded frame for a player (the launch URL with its
 * single-use token); a game under maintenance offers other games; a visitor is asked to log in;
 * a trial (free play) account the operator keeps from games is asked to register first.
 */
export default function GameFramePage() {
  const { t } = useTranslation('pages');
  const [params] = useSearchParams();
  const nodeId = params.get('nodeId') ?? '';
  const member = useSelector(useSession(), (s) => s.matches('member'));
  if (!member || !/^\d+$/.test(nodeId)) {
    return (
      <LoginToPlay testId="page-game" title={t('gameFrame.title')} text={t('gameFrame.text')} />
    );
  }
  return (
    <GameFrame
      key={nodeId}
      nodeId={nodeId}
      gameCode={params.get('gameCode') ?? ''}
      gameType={params.get('gameType') ?? 'RNG'}
      vassalage={params.get('vassalage') ?? ''}
    />
  );
}

/** A launched game in a frame; with `lobby`, that vendor's lobby (GCS_gameLaunchFB). */
export function GameFrame({
  nodeId,
  gameCode,
  gameType,
  vassalage,
  lobby: vendorLobby,
  title,
  testId = 'page-game',
}: {
  nodeId: string;
  gameCode: string;
  gameType: string;
  vassalage: string;
  lobby?: string;
  title?: string;
  testId?: string;
}) {
  const { t } = useTranslation('pages');
  // A built-in game (this origin) says its height: the page scrolls, not the frame.
  const frame = useRef<HTMLIFrameElement>(null);
  const [frameHeight, setFrameHeight] = useState<number | null>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const height = frameHeightOf(event, frame.current, window.location.origin);
      if (height !== null) setFrameHeight(height);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  const flows = useGamesFlows();
  const vendorName = useVendorName();
  const dialogs = useDialogs();
  const ref = useActorRef(flows.launch, {
    input: {
      params: {
        nodeId,
        gameCode,
        gameType,
        vassalage,
        backUrl: categoryPath(gameType as GameCategory),
        ...(vendorLobby ? { lobby: vendorLobby } : {}),
      },
    },
  });
  const view = useRemoteData<LaunchOutcome>(ref);
  const lobby = categoryPath(gameType as GameCategory);

  if (view.status === 'loading' || view.status === 'empty' || !view.data) {
    return (
      <div className="pg" data-testid={testId}>
        <h1 className="pg-visually-hidden">{t('gameFrame.loading')}</h1>
        {view.status === 'failed' ? <FailedState onRetry={view.retry} /> : <LoadingState />}
      </div>
    );
  }
  const outcome = view.data;
  if (outcome.kind === 'registerFirst') {
    // The launch helper opened the 'register first' dialog; closed, the page still says why
    // (no retry: the same account is refused again).
    return (
      <div className="pg" data-testid={testId}>
        <div className="pg-card pg-simple" role="status" data-testid="game-register-first">
          <img
            src="/media/pages/game-locked.svg"
            alt=""
            className="pg-simple__art"
            width="120"
            height="120"
          />
          <h1>{t('gameFrame.registerTitle')}</h1>
          <p>{t('gameFrame.registerText')}</p>
          <div className="pg-actions">
            <button
              type="button"
              className="pg-btn pg-btn--primary"
              onClick={() => dialogs.send({ type: 'user.openRegister' })}
              data-testid="game-register-first-register"
            >
              {t('gameFrame.register')}
            </button>
            <Link to={lobby} className="pg-btn pg-btn--ghost">
              {t('gameFrame.backToLobby')}
            </Link>
          </div>
        </div>
      </div>
    );
  }
  if (outcome.kind === 'maintenance') {
    return (
      <div className="pg" data-testid={testId}>
        <div className="pg-card pg-simple" role="alert" data-testid="game-maintenance">
          <h1>{t('gameFrame.maintenanceTitle')}</h1>
          <p>{t('gameFrame.maintenanceText')}</p>
          <Link to={lobby} className="pg-btn pg-btn--primary">
            {t('gameFrame.backToLobby')}
          </Link>
        </div>
        {outcome.others.length > 0 && (
          <section className="pg-section" aria-labelledby="game-others">
            <h2 id="game-others">{t('gameFrame.otherGames')}</h2>
            <ul className="game-grid">
              {outcome.others.slice(0, 10).map((game) => (
                <li key={game.nodeId}>
                  <GameCard
                    game={game}
                    favourite={false}
                    showStar={false}
                    busy={false}
                    onToggleFavourite={() => {}}
                    onLaunch={() => flows.openGame(game)}
                  />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    );
  }
  const { reply } = outcome;
  return (
    <div className="game-frame" data-testid={testId}>
      <div className="game-frame__bar">
        <h1 className="game-frame__title">{title || vendorName(vassalage || reply.vassalage)}</h1>
        <Link to={lobby} className="pg-btn pg-btn--ghost pg-btn--small">
          {t('gameFrame.backToLobby')}
        </Link>
      </div>
      <iframe
        ref={frame}
        className="game-frame__iframe"
        // `flex: none`: the frame's flex basis (0) would otherwise win over the height.
        style={frameHeight === null ? undefined : { height: `${frameHeight}px`, flex: 'none' }}
        src={reply.url}
        title={t('gameFrame.frameTitle')}
        allow="autoplay; fullscreen"
        allowFullScreen
        data-testid="game-iframe"
      />
    </div>
  );
}
