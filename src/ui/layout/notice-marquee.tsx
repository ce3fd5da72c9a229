import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice } from '../../contract/system.ts';
import { SpeakerIcon } from '../components/icons.tsx';
import { useRemoteData } from '../hooks/use-remote-data.ts';
import { NoticeModal } from '../modals/notice-modal.tsx';
import { useSiteShellFlows } from './site-shell-flows.ts';

type Announcements = { list: Notice[]; popup: Notice[]; promotion: Notice[] };

/** Announcement titles scrolling under the home banner; a click opens them all in a modal. */
export function NoticeMarquee() {
  const { t } = useTranslation('layout');
  const { notices } = useSiteShellFlows();
  const { data } = useRemoteData<Announcements>(notices);
  const [open, setOpen] = useState(false);
  // The marquee shows general announcements (type B); the notice page shows every type.
  const list = (data?.list ?? []).filter((notice) => notice.type === 'B');
  if (list.length === 0) return null;
  return (
    <div className="notice-marquee container" data-testid="notice-marquee">
      <SpeakerIcon className="notice-marquee__icon" />
      <button
        type="button"
        className="notice-marquee__button"
        onClick={() => setOpen(true)}
        aria-label={t('notice.open', { total: list.length })}
      >
        <span className="notice-marquee__track" aria-hidden="true">
          {list.map((notice) => (
            <span key={notice.id} className="notice-marquee__title">
              {notice.title}
            </span>
          ))}
        </span>
      </button>
      <NoticeModal open={open} notices={list} onClose={() => setOpen(false)} />
    </div>
  );
}
