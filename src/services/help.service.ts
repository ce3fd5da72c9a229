import {
  affiliateApplicationSchema,
  feedbackListSchema,
  feedbackSchema,
  helpPaths,
  myAffiliateApplicationSchema,
  playerAvatarSchema,
  type AffiliateApplicationBody,
  type FeedbackQuestionType,
} from '../contract/help.ts';
import { gamesPaths, rankListSchema } from '../contract/games.ts';
import { helpCenterSchema, systemPaths } from '../contract/system.ts';
import { constants, type Language } from '../contract/constants.ts';
import type { HttpClient } from './http-client.ts';

/** A feedback as the form sends it (multipart/form-data). */
export type FeedbackUpload = {
  questionType: FeedbackQuestionType;
  content: string;
  images: { name: string; file: Blob }[];
};

/**
 * The help part's calls (issue 16): the help center search, the winners list (the biggest real wins), feedback with its
 * images, the player's avatar and the affiliate application.
 */
export function createHelpClient(http: HttpClient) {
  return {
    /** The help center's articles that contain every word of `keyword`, in `language`. */
    search: (language: Language, keyword: string, signal?: AbortSignal) =>
      http.get(systemPaths.helpCenter, helpCenterSchema, { query: { language, keyword }, signal }),
    winners: (language: Language, signal?: AbortSignal) =>
      http.get(gamesPaths.rankList, rankListSchema, {
        query: { gameCategory: 'ALL', language, limitNum: constants.winnerBoardSize },
        signal,
      }),
    myFeedback: (signal?: AbortSignal) =>
      http.get(helpPaths.feedback, feedbackListSchema, { signal }),
    sendFeedback: (upload: FeedbackUpload) => {
      const form = new FormData();
      form.set('questionType', upload.questionType);
      form.set('content', upload.content);
      for (const image of upload.images) form.append('images', image.file, image.name);
      return http.put(helpPaths.feedback, feedbackSchema, { body: form });
    },
    avatar: (signal?: AbortSignal) => http.get(helpPaths.avatar, playerAvatarSchema, { signal }),
    setAvatar: (avatarId: number) =>
      http.post(helpPaths.setAvatar, playerAvatarSchema, { body: { avatarId } }),
    affiliate: (signal?: AbortSignal) =>
      http.get(helpPaths.affiliateApplication, myAffiliateApplicationSchema, { signal }),
    applyAffiliate: (body: AffiliateApplicationBody) =>
      http.post(helpPaths.affiliateApplication, affiliateApplicationSchema, { body }),
  };
}

export type HelpClient = ReturnType<typeof createHelpClient>;
