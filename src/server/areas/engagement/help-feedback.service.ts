import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import { findMemberById } from '../../platform/members/members.queries.ts';
import type { MemberRow, Operator } from '../../platform/http/auth.ts';
import type { UploadedImage } from '../../platform/http/multipart-images.ts';
import { checkImages, imageRecord } from '../../platform/http/images.ts';
import type { Publisher } from '../../platform/realtime/publisher.ts';
import { countMemberMessages, insertMessage } from '../messages/messages.port.ts';
import {
  countWords,
  feedbackFieldsSchema,
  feedbackLimits,
  type Feedback,
  type FeedbackQuestionType,
  type opsFeedbackQuerySchema,
} from '../../../contract/help.ts';
import type { Language } from '../../../contract/constants.ts';
import {
  answerFeedback,
  feedbackImageIds,
  findFeedback,
  findFeedbackImage,
  insertFeedback,
  insertFeedbackImages,
  listFeedback,
  listMemberFeedback,
  setFeedbackMessage,
  type FeedbackRow,
} from './help.repository.ts';

const memberListSize = 50;
const opsPageSize = 50;

/** The title of the platform message that carries an answer, in the player's language. */
const answerTitle: Record<Language, string> = {
  hi: 'आपकी प्रतिक्रिया का उत्तर',
  en: 'Answer to your feedback',
  bn: 'আপনার মতামতের উত্তর',
};

const toFeedback = (row: FeedbackRow, imageCount: number): Feedback => ({
  id: row.id,
  questionType: row.questionType as FeedbackQuestionType,
  content: row.content,
  imageCount,
  status: row.answeredAt ? 'answered' : 'open',
  answer: row.answer,
  createdAt: row.createdAt.toISOString(),
  answeredAt: row.answeredAt?.toISOString() ?? null,
});

/** The word-limit failure, with the limits named in the message. */
const wordsError = () =>
  new AppError(400, 'feedback_words', 'feedback_words', {
    min: String(feedbackLimits.minWords),
    max: String(feedbackLimits.maxWords),
    chars: String(feedbackLimits.maxChars),
  });

/**
 * Feedback (spec sections 5 and 7): a player sends a question type, content within the word
 * limits and up to 3 png/jpg images checked by content; an operator answers once and the answer
 * reaches the player as a platform message (written in the same transaction, the `unread`
 * event after commit).
 */
export function createFeedbackService(deps: {
  db: Db;
  clock: Clock;
  publisher: Pick<Publisher, 'publish'>;
  onPublishError?: (error: unknown) => void;
}) {
  const { db } = deps;

  async function publishUnread(memberId: number) {
    try {
      const member = await findMemberById(db, memberId);
      if (!member) return;
      const { unread } = await countMemberMessages(db, memberId, member.createdAt);
      await deps.publisher.publish(memberId, { name: 'unread', payload: { count: unread } });
    } catch (error) {
      deps.onPublishError?.(error);
    }
  }

  return {
    /** Checks everything before writing anything: fields, then each image by its bytes. */
    async send(member: MemberRow, fields: Record<string, string>, images: UploadedImage[]) {
      const parsed = feedbackFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        const content = fields.content ?? '';
        const words = countWords(content);
        const badContent =
          typeof fields.content === 'string' &&
          (words < feedbackLimits.minWords ||
            words > feedbackLimits.maxWords ||
            content.trim().length > feedbackLimits.maxChars);
        throw badContent ? wordsError() : new AppError(400, 'bad_request');
      }
      const checked = checkImages(images.map((image) => image.data));
      const row = await db.transaction(async (tx) => {
        const stored = await insertFeedback(tx, {
          memberId: member.id,
          questionType: parsed.data.questionType,
          content: parsed.data.content,
          createdAt: deps.clock(),
        });
        await insertFeedbackImages(
          tx,
          checked.map((image) => ({ feedbackId: stored.id, ...imageRecord(image) })),
        );
        await insertAudit(tx, {
          actor: `member:${member.id}`,
          action: 'feedback.send',
          target: `feedback:${stored.id}`,
          before: null,
          after: { questionType: stored.questionType, images: checked.length },
        });
        return stored;
      });
      return toFeedback(row, checked.length);
    },

    async mine(member: MemberRow) {
      const rows = await listMemberFeedback(db, member.id, memberListSize);
      const images = await feedbackImageIds(
        db,
        rows.map((row) => row.id),
      );
      return { list: rows.map((row) => toFeedback(row, images.get(row.id)?.length ?? 0)) };
    },

    async list(query: z.output<typeof opsFeedbackQuerySchema>) {
      const rows = await listFeedback(db, {
        status: query.status,
        limit: opsPageSize,
        offset: (query.pageNo - 1) * opsPageSize,
      });
      const images = await feedbackImageIds(
        db,
        rows.map(({ feedback }) => feedback.id),
      );
      return {
        list: rows.map(({ feedback, username }) => {
          const imageIds = images.get(feedback.id) ?? [];
          return {
            ...toFeedback(feedback, imageIds.length),
            memberId: feedback.memberId,
            username,
            imageIds,
            answeredBy: feedback.answeredBy,
            messageId: feedback.messageId,
          };
        }),
      };
    },

    /** One answer ever: the platform message is written with it, the unread event after. */
    async answer(operator: Operator, id: number, answer: string) {
      const at = deps.clock();
      const row = await db.transaction(async (tx) => {
        const answered = await answerFeedback(tx, id, {
          answer,
          answeredBy: operator.username,
          answeredAt: at,
        });
        if (!answered) {
          throw (await findFeedback(tx, id))
            ? new AppError(409, 'feedback_answered')
            : new AppError(404, 'not_found');
        }
        const member = await findMemberById(tx, answered.memberId);
        const message = await insertMessage(tx, {
          memberId: answered.memberId,
          title: answerTitle[member?.language ?? 'hi'],
          content: `${answered.content}\n\n${answer}`,
          sentBy: operator.username,
          createdAt: at,
        });
        await setFeedbackMessage(tx, id, message.id);
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: 'feedback.answer',
          target: `feedback:${id}`,
          before: { status: 'open' },
          after: { status: 'answered', messageId: message.id },
        });
        return { ...answered, messageId: message.id };
      });
      await publishUnread(row.memberId);
      const images = await feedbackImageIds(db, [row.id]);
      return toFeedback(row, images.get(row.id)?.length ?? 0);
    },

    async image(feedbackId: number, imageId: number) {
      const image = await findFeedbackImage(db, feedbackId, imageId);
      if (!image) throw new AppError(404, 'not_found');
      return image;
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
