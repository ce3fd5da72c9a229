/**
 * What other areas may use of the messages area: writing a platform message to one member inside
 * their own transaction, and counting the member's unread ones (to publish the `unread` event
 * after commit). The engagement area answers feedback this way.
 */
export { countMemberMessages, insertMessage } from './messages.repository.ts';
