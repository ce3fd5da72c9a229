import { describe, expect, it } from 'vitest';
import { frameHeightMessage, frameHeightOf } from '../../src/ui/pages/game/frame-height.ts';

const origin = 'https://site.example';
const contentWindow = {} as Window;
const frame = { contentWindow } as HTMLIFrameElement;
const message = (data: unknown, from = origin, source: unknown = contentWindow) =>
  ({ data, origin: from, source }) as MessageEvent;

describe('the game frame height message', () => {
  it('takes the height only from this origin and this frame', () => {
    const asked = { type: frameHeightMessage, height: 1375.4 };
    expect(frameHeightOf(message(asked), frame, origin)).toBe(1375);
    expect(frameHeightOf(message(asked, 'https://other.example'), frame, origin)).toBeNull();
    expect(frameHeightOf(message(asked, origin, {}), frame, origin)).toBeNull();
    expect(frameHeightOf(message(asked), null, origin)).toBeNull();
  });

  it('ignores other messages and bounds the height', () => {
    expect(frameHeightOf(message({ type: 'other', height: 5 }), frame, origin)).toBeNull();
    expect(
      frameHeightOf(message({ type: frameHeightMessage, height: '9' }), frame, origin),
    ).toBeNull();
    expect(frameHeightOf(message(null), frame, origin)).toBeNull();
    expect(frameHeightOf(message({ type: frameHeightMessage, height: 1e9 }), frame, origin)).toBe(
      20_000,
    );
    expect(frameHeightOf(message({ type: frameHeightMessage, height: -4 }), frame, origin)).toBe(0);
  });
});
