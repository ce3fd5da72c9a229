import { createHash } from 'node:crypto';
import type * as ResvgModule from '@resvg/resvg-js';
import type * as SvgCaptcha from 'svg-captcha';
import type { Db } from '../../platform/db/client.ts';
import { constants } from '../../../contract/constants.ts';
import { replaceChallengeIfOlder } from './captcha.repository.ts';
import { AppError } from '../../platform/errors.ts';
import type { Clock } from '../../platform/clock.ts';

const hashAnswer = (clientId: string, answer: string) =>
  createHash('sha256').update(`${clientId}:${answer.trim().toLowerCase()}`).digest('hex');

/**
 * Image captchas: an SVG from svg-captcha rendered to PNG; the answer is stored hashed per
 * client, and a client may ask for a new one at most once per second.
 */
export function createCaptchaService(deps: { db: Db; clock: Clock }) {
  // Both libraries load with the first captcha: svg-captcha parses its font as it loads (about
  // 2 MB of heap), and resvg is a native addon.
  let libraries: Promise<[typeof SvgCaptcha, typeof ResvgModule]> | null = null;
  const loaded = () =>
    (libraries ??= Promise.all([import('svg-captcha'), import('@resvg/resvg-js')]));
  return {
    /** Returns the base64 PNG (no data: prefix); 429 captcha_too_fast within a second. */
    async issue(clientId: string): Promise<string> {
      const [svgCaptcha, { Resvg }] = await loaded();
      const challenge = svgCaptcha.create({
        size: 4,
        noise: 2,
        ignoreChars: '0oO1iIlL',
        width: 120,
        height: 40,
        background: '#f4f1ea',
      });
      const stored = await replaceChallengeIfOlder(
        deps.db,
        clientId,
        hashAnswer(clientId, challenge.text),
        deps.clock(),
        constants.captchaRefreshMs,
      );
      if (!stored) throw new AppError(429, 'captcha_too_fast');
      const png = new Resvg(challenge.data, { fitTo: { mode: 'width', value: 240 } })
        .render()
        .asPng();
      return Buffer.from(png).toString('base64');
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
export { hashAnswer as hashCaptchaAnswer };
