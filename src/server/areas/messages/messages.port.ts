/**
 * What other areas may use of the messages area: writing platform messages to members inside
 * their own transaction (one, or many in one statement: a lottery settlement's win notices), and
 * counting the members' unread ones (to publish the `unread` event after commit). The
 * engagement area answers feedback this way.
 */
export {
  countMemberMessages,
  insertMessage,
  insertMessages,
  unreadCountsOf,
} from './messages.repository.ts';
