import { useTranslation } from 'react-i18next';
import type { Notice } from '../../contract/system.ts';
import { formatDateTime } from '../../contract/locale.ts';
import { Modal } from './modal.tsx';

/** The announcements as a list of titled items; shared by the marquee and the pages. */
export function NoticeModal({
  open,
  notices,
  onClose,
  title,
}: {
  open: boolean;
  notices: readonly Notice[];
  onClose: () => void;
  title?: string;
}) {
  const { t, i18n } = useTranslation('layout');
  return (
    <Modal open={open} title={title ?? t('notice.modalTitle')} onClose={onClose}>
      {notices.length === 0 ? (
        <p className="muted">{t('notice.empty')}</p>
      ) : (
        <ul className="notice-list">
          {notices.map((notice) => (
            <li key={notice.id} className="notice-list__item">
              <h3 className="notice-list__title">{notice.title}</h3>
              <time className="notice-list__date muted" dateTime={notice.publishedAt}>
                {formatDateTime(notice.publishedAt, i18n.language, { time: false })}
              </time>
              <p className="notice-list__content">{notice.content}</p>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
