import type { remoteDataMachine } from '../../../machines/remote-data.machine.ts';
import type {
  AffiliateApplication,
  AffiliateApplicationBody,
  Feedback,
  FeedbackQuestionType,
  PlayerAvatar,
} from '../../../contract/help.ts';

/** A feedback as the form holds it: the images are the files the player chose. */
export type FeedbackDraft = {
  questionType: FeedbackQuestionType;
  content: string;
  images: File[];
};

/**
 * The help page's flows (issue 16), their effects supplied by the app (src/app/help-actors.ts):
 * remote resources a panel starts with `useActorRef(flow, { input })`, and the form submissions.
 */
export type HelpFlows = {
  /** The help center search: params { language, keyword } -> HelpCenter (matching articles). */
  search: typeof remoteDataMachine;
  /** The winners list: params { language } -> RankList (the biggest real wins, 50). */
  winners: typeof remoteDataMachine;
  /** The player's feedback with the answers: { list }. */
  myFeedback: typeof remoteDataMachine;
  /** The player's affiliate application: { application | null }. */
  affiliate: typeof remoteDataMachine;
  /** The avatars and the player's own. */
  avatar: typeof remoteDataMachine;
  /** Each image's type by its bytes, as the server checks it (null: not png/jpg). */
  imageTypes: (files: File[]) => Promise<(string | null)[]>;
  sendFeedback: (draft: FeedbackDraft) => Promise<Feedback>;
  applyAffiliate: (body: AffiliateApplicationBody) => Promise<AffiliateApplication>;
  setAvatar: (avatarId: number) => Promise<PlayerAvatar>;
};

/** The help flows, made at the first help panel (the first page does not carry them). */
export type HelpFlowsLoader = () => Promise<HelpFlows>;
