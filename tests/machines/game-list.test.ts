import { describe, expect, it, vi } from 'vitest';
import {
  gameListMachine,
  type FavouriteChange,
  type GameCardItem,
  type GameListPage,
  type GameListQuery,
} from '../../src/machines/game-list.machine.ts';
import { constants } from '../../src/contract/constants.ts';
import { driveMachine, paramsOf } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';

const card = {
  gameClassify: 'SLOT',
  displayName: 'Demo',
  minBet: '5',
  minLineNum: 1,
  isHot: 0,
  maintenance: false,
} as const;
const tiger: GameCardItem = {
  ...card,
  nodeId: 100234,
  vassalage: 'PG',
  gameType: 'RNG',
  gameCode: 'fortune-tiger',
  gameName: 'Fortune Tiger',
  imageUrl: '/lgw/games/art/100234.svg',
};
const dice: GameCardItem = {
  ...card,
  nodeId: 9001,
  vassalage: 'BUILTIN',
  gameType: 'RNG',
  gameCode: 'dice',
  gameName: 'Dice',
  imageUrl: '/lgw/games/art/9001.svg',
};

function start(hasSession: boolean, vendorCount = 0) {
  const askLogin = vi.fn((_: unknown, _params: { game: GameCardItem }) => {});
  const openGame = vi.fn((_: unknown, _params: { game: GameCardItem }) => {});
  const driver = driveMachine(gameListMachine, {
    input: { gameType: 'RNG', tab: 'all', vassalage: null, vendorCount },
    held: {
      loadGames: heldPromise<GameListPage, GameListQuery>(),
      saveFavourite: heldPromise<unknown, FavouriteChange>(),
    },
    provide: { guards: { hasSession: () => hasSession }, actions: { askLogin, openGame } },
  });
  return {
    ...driver,
    load: driver.held.loadGames,
    save: driver.held.saveFavourite,
    askLogin,
    openGame,
  };
}

const threePages: GameListPage = { list: [tiger, dice], totalPages: 3, favourites: [9001] };

describe('gameListMachine', () => {
  it('asks for page 1 of all games of the category at start', () => {
    const { load } = start(false);
    expect(load.calls).toEqual([
      {
        gameType: 'RNG',
        tab: 'all',
        vassalage: null,
        gameClassify: null,
        gameName: '',
        minBet: 'all',
        pageNo: 1,
      },
    ]);
  });

  it('pages next, last, previous and first, and goes back to page 1 on every filter change', async () => {
    const { load, send, expectToBeIn } = start(true);
    await load.resolve(threePages);
    expectToBeIn({ ready: 'browsing' });
    send({ type: 'user.nextPage' });
    await load.resolve(threePages);
    send({ type: 'user.lastPage' });
    await load.resolve(threePages);
    send({ type: 'user.nextPage' }); // already on the last page: nothing
    send({ type: 'user.prevPage' });
    await load.resolve(threePages);
    send({ type: 'user.firstPage' });
    await load.resolve(threePages);
    expect(load.calls.map((call) => call.pageNo)).toEqual([1, 2, 3, 2, 1]);

    for (const event of [
      { type: 'user.selectClassify', gameClassify: 'SLOT' },
      { type: 'user.selectMinBet', minBet: '0.1' },
      { type: 'app.paramsChanged', tab: 'hot', vassalage: 'PG' },
    ] as const) {
      send({ type: 'user.lastPage' });
      expect(load.calls.at(-1)?.pageNo).toBe(3);
      send(event);
      expect(load.calls.at(-1)?.pageNo).toBe(1);
      await load.resolve(threePages);
    }
    expect(load.calls.at(-1)).toMatchObject({
      gameClassify: 'SLOT',
      minBet: '0.1',
      tab: 'hot',
      vassalage: 'PG',
    });
  });

  it('searches by name only after a pause in typing, trimmed', async () => {
    const { load, send, tick, expectToBeIn } = start(false);
    await load.resolve(threePages);
    send({ type: 'user.typeName', gameName: 'ti' });
    tick(constants.gameSearchDebounceMs - 1);
    send({ type: 'user.typeName', gameName: ' tiger ' });
    tick(constants.gameSearchDebounceMs - 1);
    expectToBeIn('debouncing');
    expect(load.calls).toHaveLength(1);
    tick(1);
    expect(load.calls).toHaveLength(2);
    expect(load.calls[1]).toMatchObject({ gameName: 'tiger', pageNo: 1 });
  });

  it('shows empty for no games and failed with a retry that asks again', async () => {
    const { load, send, expectToBeIn, expectContext } = start(false);
    await load.resolve({ list: [], totalPages: 0 });
    expectToBeIn('empty');
    send({ type: 'user.selectMinBet', minBet: '0.75' });
    await load.reject({ code: 'network_error' });
    expectToBeIn('failed');
    expectContext({ error: 'network_error' });
    send({ type: 'user.retry' });
    expect(load.calls.at(-1)).toMatchObject({ minBet: '0.75' });
    await load.resolve(threePages);
    expectContext({ error: null, games: [tiger, dice] });
  });

  it('gives a visitor all instead of saved or recent, and asks to log in to play or save', async () => {
    const { load, send, askLogin, openGame, save } = start(false);
    send({ type: 'app.paramsChanged', tab: 'fav', vassalage: null });
    expect(load.calls.at(-1)?.tab).toBe('all');
    send({ type: 'app.paramsChanged', tab: 'recent', vassalage: null });
    expect(load.calls.at(-1)?.tab).toBe('all');
    await load.resolve(threePages);
    send({ type: 'user.launch', game: tiger });
    send({ type: 'user.toggleFavourite', game: tiger });
    expect(paramsOf(askLogin)).toEqual([{ game: tiger }, { game: tiger }]);
    expect(openGame).not.toHaveBeenCalled();
    expect(save.calls).toEqual([]);
  });

  it("opens a player's game and saves or removes favourites", async () => {
    const { load, save, send, openGame, askLogin, expectContext, expectToBeIn } = start(true);
    await load.resolve(threePages);
    send({ type: 'user.launch', game: dice });
    expect(paramsOf(openGame)).toEqual([{ game: dice }]);
    send({ type: 'user.toggleFavourite', game: tiger });
    expectToBeIn({ ready: 'savingFavourite' });
    expect(save.calls.at(-1)).toEqual({ game: tiger, add: true });
    await save.resolve(null);
    expectContext({ favourites: [9001, 100234] });
    send({ type: 'user.toggleFavourite', game: dice });
    expect(save.calls.at(-1)).toEqual({ game: dice, add: false });
    await save.reject({ code: 'network_error' });
    expectContext({ favourites: [9001, 100234], notice: 'favourite_failed' });
    expect(askLogin).not.toHaveBeenCalled();
  });

  it('reads the saved tab again after a game is removed from it', async () => {
    const { load, save, send } = start(true);
    send({ type: 'app.paramsChanged', tab: 'fav', vassalage: null });
    await load.resolve({ list: [dice], totalPages: 1, favourites: [9001] });
    send({ type: 'user.toggleFavourite', game: dice });
    await save.resolve(null);
    expect(load.calls.at(-1)).toMatchObject({ tab: 'fav', pageNo: 1 });
    expect(load.calls).toHaveLength(3);
  });

  it('moves the vendor carousel only when there are more than 7 vendors', () => {
    const { send, expectContext } = start(false, 5);
    send({ type: 'user.carouselNext' });
    expectContext({ carouselStart: 0 });
    send({ type: 'app.vendorsChanged', count: 9 });
    send({ type: 'user.carouselNext' });
    send({ type: 'user.carouselNext' });
    send({ type: 'user.carouselNext' });
    expectContext({ carouselStart: 2 });
    send({ type: 'app.vendorsChanged', count: 8 });
    expectContext({ carouselStart: 1 });
    send({ type: 'user.carouselPrev' });
    send({ type: 'user.carouselPrev' });
    expectContext({ carouselStart: 0 });
  });
});
