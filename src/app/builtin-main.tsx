import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { type Language, languages, localKeys, themes } from '../contract/constants.ts';
import { builtinGameOfCode } from '../contract/builtin-games/verify.ts';
import { createBuiltinGamesApi, loadBuiltinTexts } from '../services/builtin-games.service.ts';
import { BuiltinGameApp } from '../ui/pages/game/builtin/builtin-app.tsx';
import { reportFrameHeight } from '../ui/pages/game/frame-height.ts';
import {
  type SessionStore,
  type Translate,
  prefersReducedMotion,
} from '../ui/pages/game/builtin/builtin-types.ts';
import { createBuiltinRoundLogic } from './builtin-round-actors.ts';
import { VerifyPage } from '../ui/pages/game/builtin/verify-page.tsx';
// Each script's subset only (fonts.css); builtin.css names Bengali only on a Bengali page, so a
// game downloads the face of its own language alone.
import '../ui/styles/fonts.css';
import '../ui/pages/game/builtin/builtin.css';

// The built-in games' own entry (builtin.html, served at /builtin/<game>): the game pages the
// /game frame opens, apart from the site's bundle so the home route never carries them.

const readLocal = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

function languageOf(query: URLSearchParams): Language {
  const asked = query.get('lang') ?? readLocal(localKeys.lang);
  return (languages as readonly string[]).includes(asked ?? '') ? (asked as Language) : 'hi';
}

function applyTheme() {
  const saved = readLocal(localKeys.theme);
  const theme = (themes as readonly string[]).includes(saved ?? '')
    ? saved!
    : window.matchMedia?.('(prefers-color-scheme: dark)').matches
      ? 'dark'
      : 'light';
  document.documentElement.dataset.theme = theme;
}

function translator(texts: Record<string, unknown>): Translate {
  return (key, vars = {}) => {
    let node: unknown = texts;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    const text = typeof node === 'string' ? node : key;
    return text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(vars[name] ?? ''));
  };
}

const sessionKey = 'builtinGameSession';
const sessions: SessionStore = {
  get: () => {
    try {
      return sessionStorage.getItem(sessionKey);
    } catch {
      return null;
    }
  },
  set: (token) => {
    try {
      if (token) sessionStorage.setItem(sessionKey, token);
      else sessionStorage.removeItem(sessionKey);
    } catch {
      // Without storage a reload asks for a new launch from the lobby.
    }
  },
};

async function start() {
  const query = new URLSearchParams(window.location.search);
  const language = languageOf(query);
  document.documentElement.lang = language;
  applyTheme();
  const t = translator(await loadBuiltinTexts(language));
  // /builtin/<game> or /game/builtin/<game>: the last segment, a game code of the catalog.
  const page = decodeURIComponent(window.location.pathname.split('/').filter(Boolean).at(-1) ?? '');
  const root = createRoot(document.getElementById('root')!);

  if (page === 'verify') {
    document.title = t('title.verify');
    root.render(
      <StrictMode>
        <VerifyPage t={t} query={query} />
      </StrictMode>,
    );
    return;
  }
  const game = builtinGameOfCode(page) ?? 'slot';
  document.title = t(`title.${game}`);
  // The launch token is single-use: taken out of the address so a reload uses the session.
  const launchToken = query.get('token');
  if (launchToken) {
    query.delete('token');
    const rest = query.toString();
    window.history.replaceState(null, '', `${window.location.pathname}${rest ? `?${rest}` : ''}`);
  }
  const calls = createBuiltinGamesApi({ language: () => language });
  // One exchange per launch token, however often the page's machine starts (StrictMode starts
  // it twice); a failed exchange may be tried again.
  const opened = new Map<string, ReturnType<typeof calls.openSession>>();
  const api = {
    ...calls,
    openSession(token: string) {
      if (!opened.has(token)) {
        const exchange = calls.openSession(token);
        exchange.catch(() => opened.delete(token));
        opened.set(token, exchange);
      }
      return opened.get(token)!;
    },
  };
  const logic = createBuiltinRoundLogic({ api, sessions, reducedMotion: prefersReducedMotion() });
  // The /game page sizes its frame to the game, so the page scrolls rather than the frame.
  reportFrameHeight();
  root.render(
    <StrictMode>
      <BuiltinGameApp
        game={game}
        launchToken={launchToken}
        savedToken={launchToken ? null : sessions.get()}
        logic={logic}
        t={t}
        language={language}
      />
    </StrictMode>,
  );
}

void start();
